// The POST form of a list endpoint (parameters in the body) beyond what the list suite checks
// through every transport: requests too long for a URL, the body limit, and malformed POSTs, on
// Express and Fastify.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { nestedParameters, sendList, withPostTwins, type ListTransport } from './fixtures/list-transports.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';

@Controller()
class LimitedAlbumsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('wide-albums')
  @DataTable({ ...ALBUM_TABLE, limits: { maxColumns: 500, maxBodyBytes: 200_000 } })
  wide() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }

  @Get('small-body-albums')
  @DataTable({ ...ALBUM_TABLE, limits: { maxBodyBytes: 2048 } })
  smallBody() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }
}

/** DataTables' description of `count` columns: six parameters each, the last column searched for "Takk". */
function wideRequest(count: number): Array<[string, string]> {
  const parameters: Array<[string, string]> = [];
  for (let index = 0; index < count; index += 1) {
    const column = `columns[${index}]`;
    parameters.push(
      [`${column}[data]`, index === count - 1 ? 'name' : `column${index}`],
      [`${column}[name]`, index === count - 1 ? 'name' : `column${index}`],
      [`${column}[searchable]`, 'false'],
      [`${column}[orderable]`, 'false'],
      [`${column}[search][value]`, index === count - 1 ? 'Takk' : ''],
      [`${column}[search][regex]`, 'false'],
    );
  }
  return [['draw', '6'], ...parameters];
}

const WIDE = new URLSearchParams(wideRequest(499)).toString();

describeEachDatabase('Data table lists through POST', (kind) => {
  describe.each<HttpPlatform>(['express', 'fastify'])('on %s', (platform) => {
    let testApp: TestApp;
    let server: App;
    const send = (transport: ListTransport, path: string, parameters: string) =>
      sendList(server, transport, path, parameters);

    beforeAll(async () => {
      testApp = await createTestApp(kind, {
        platform,
        entities: ALBUM_ENTITIES,
        controllers: [withPostTwins(AlbumsController), withPostTwins(LimitedAlbumsController)],
        // What the README asks of an Express host whose tables send form bodies of more than 1000
        // parameters or 100 KB (widgetlib's client sends JSON, which has no parameter count).
        beforeInit: (app) => {
          if (platform === 'express')
            (app as NestExpressApplication).useBodyParser('urlencoded', {
              extended: true,
              parameterLimit: 5_000,
              limit: '1mb',
            });
        },
      });
      server = testApp.app.getHttpServer() as App;
      await seedAlbums(testApp.dataSource);
    });

    afterAll(() => testApp.close());

    it('answers a wide table of 3 000 parameters that no URL can carry', async () => {
      expect(WIDE.split('&')).toHaveLength(2_995);
      // Node.js refuses the URL (16 KB of request headers) before the application sees it.
      expect((await send('GET', '/wide-albums', WIDE)).status).toBe(431);
      for (const transport of ['POST form', 'POST JSON'] as const) {
        const response = await send(transport, '/wide-albums', WIDE);
        expect({ transport, status: response.status }).toEqual({ transport, status: 200 });
        expect(response.body).toMatchObject({ draw: 6, recordsFiltered: 1, data: [{ id: 19, name: 'Takk' }] });
      }
    });

    it('refuses the same table on an endpoint with the default limits with a 400 naming the limit', async () => {
      for (const transport of ['POST form', 'POST JSON'] as const) {
        const response = await send(transport, '/albums', WIDE);
        expect(response.status).toBe(400);
        const expected =
          transport === 'POST form'
            ? /^the body has \d+ bytes; at most 102400 are allowed/
            : /^columns: at most 100 columns\[i\] entries are allowed$/;
        expect(response.body).toMatchObject({ statusCode: 400, draw: 6 });
        expect(response.body.message).toEqual([expect.stringMatching(expected)]);
      }
    });

    it('refuses a body past maxBodyBytes, counted as sent, with a 400 naming the limit', async () => {
      const parameters = `draw=8&_=${'é'.repeat(1100)}`;
      for (const transport of ['POST form', 'POST JSON'] as const) {
        const response = await send(transport, '/small-body-albums', parameters);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: [
            expect.stringMatching(/^the body has \d+ bytes; at most 2048 are allowed \(limits\.maxBodyBytes\)$/),
          ],
          draw: 8,
        });
        const sent =
          transport === 'POST form'
            ? new URLSearchParams(parameters).toString()
            : JSON.stringify(nestedParameters(parameters));
        expect(response.body.message[0]).toBe(
          `the body has ${Buffer.byteLength(sent)} bytes; at most 2048 are allowed (limits.maxBodyBytes)`,
        );
      }
      const fits = await send('POST JSON', '/small-body-albums', `draw=8&_=${'é'.repeat(300)}`);
      expect(fits.status).toBe(200);
    });

    it('refuses parameters in both the query string and the body', async () => {
      const response = await request(server).post('/albums/query?draw=2&limit=5').send({ search: 'abba' }).expect(400);
      expect(response.body.message).toEqual([
        'a POST takes its parameters in the body or in the query string, not both; the query string has draw, limit',
      ]);
    });

    it("reads a POST's query string when its body is empty", async () => {
      const response = await request(server).post('/albums/query?search=abba&limit=50').expect(200);
      expect(response.body.data.map((row: { id: number }) => row.id)).toEqual([2, 3, 1]);
    });

    it('refuses a body that is not an object of parameters, or of a type no parser reads', async () => {
      const array = await request(server)
        .post('/albums/query')
        .send([{ search: 'abba' }])
        .expect(400);
      expect(array.body.message).toEqual([
        expect.stringMatching(/form-encoded .* or as a JSON object .*, got an array$/),
      ]);
      const text = await request(server).post('/albums/query').type('text/plain').send('search=abba');
      // Express leaves a body of another type unread; Fastify reads text as a string.
      expect(text.status).toBe(400);
      expect(text.body.message).toEqual([
        platform === 'express'
          ? expect.stringMatching(
              /^the body \(content type text\/plain\) was not read: send the parameters form-encoded/,
            )
          : expect.stringMatching(/, got a string$/),
      ]);
    });
  });
});
