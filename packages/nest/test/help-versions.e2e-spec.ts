// No lost edits: every entry carries its version, a single entry its ETag, and PUT, PATCH and
// DELETE with If-Match change only the version they name (412 with the current entry otherwise),
// on Express and on Fastify.
import request from 'supertest';
import type { App } from 'supertest/types.js';
import { Help } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type HttpPlatform, type TestApp } from '@widgetlib/test-support/test-app.js';

const admin = asUser({ isSuperuser: true });
const ENTRY = {
  id_view: 'albums:edit',
  question_name: 'name',
  help_title: 'Name',
  help_text: '<p>The name</p>',
  language: null,
};

describeEachDatabase('Help versions and If-Match', (kind) => {
  describe.each<HttpPlatform>(['express', 'fastify'])('on %s', (platform) => {
    let testApp: TestApp;
    let server: App;
    let entry: Help;

    beforeAll(async () => {
      testApp = await createTestApp(kind, { platform });
      server = testApp.app.getHttpServer() as App;
    });

    afterAll(() => testApp.close());

    beforeEach(async () => {
      const repository = testApp.dataSource.getRepository(Help);
      await repository.clear();
      entry = await repository.save(repository.create(ENTRY));
    });

    const stored = () => testApp.dataSource.getRepository(Help).findOneBy({ id: entry.id });
    const url = () => `/help/${entry.id}/`;

    it('gives each listed entry its version and a retrieved one its ETag', async () => {
      const list = await request(server).get('/help/').set(admin).expect(200);
      expect(list.body).toEqual([{ ...ENTRY, id: entry.id, version: 1 }]);
      const one = await request(server).get(url()).set(admin).expect(200);
      expect(one.headers.etag).toBe('"1"');
    });

    it('answers 412 with the current entry to the second of two editors of one version, and loses nothing', async () => {
      const first = await request(server)
        .put(url())
        .set(admin)
        .set('If-Match', '"1"')
        .send({ ...ENTRY, help_text: '<p>First</p>' })
        .expect(200);
      expect(first.body.version).toBe(2);
      expect(first.headers.etag).toBe('"2"');

      const second = await request(server)
        .patch(url())
        .set(admin)
        .set('If-Match', '"1"')
        .send({ help_text: '<p>Second</p>' })
        .expect(412);
      expect(second.body).toEqual({
        statusCode: 412,
        error: 'Precondition Failed',
        message: `Help entry ${entry.id} has changed: it is at version 2 now`,
        current: { ...ENTRY, id: entry.id, help_text: '<p>First</p>', version: 2 },
      });
      expect(second.headers.etag).toBe('"2"');
      expect(await stored()).toEqual(first.body);

      // With the version the 412 gave, the second editor's change goes through.
      const retried = await request(server)
        .patch(url())
        .set(admin)
        .set('If-Match', second.headers.etag!)
        .send({ help_text: '<p>Second</p>' })
        .expect(200);
      expect(retried.body).toMatchObject({ help_text: '<p>Second</p>', version: 3 });
    });

    it('deletes only the version If-Match names', async () => {
      await request(server).patch(url()).set(admin).send({ help_title: 'Changed' }).expect(200);
      const refused = await request(server).delete(url()).set(admin).set('If-Match', '"1"').expect(412);
      expect(refused.body.current).toMatchObject({ help_title: 'Changed', version: 2 });
      expect(await stored()).not.toBeNull();
      await request(server).delete(url()).set(admin).set('If-Match', '"1", "2"').expect(204);
      expect(await stored()).toBeNull();
    });

    it('treats *, a weak tag and no header as RFC 9110 says', async () => {
      await request(server).patch(url()).set(admin).set('If-Match', '*').send({ help_title: 'A' }).expect(200);
      const weak = await request(server).patch(url()).set(admin).set('If-Match', 'W/"2"').send({ help_title: 'B' });
      expect(weak.status).toBe(412);
      // Without If-Match the write applies to the current version, as before versions existed.
      const plain = await request(server).put(url()).set(admin).send(ENTRY).expect(200);
      expect(plain.body.version).toBe(3);
    });

    it('answers 404, not 412, for an entry that is gone', async () => {
      const missing = `/help/${entry.id + 100}/`;
      await request(server).patch(missing).set(admin).set('If-Match', '"1"').send({ help_title: 'x' }).expect(404);
      await request(server).delete(missing).set(admin).set('If-Match', '*').expect(404);
    });

    it.each(['1', '"1', '"1" "2"', '*, "1"'])('refuses the malformed If-Match %j with 400', async (header) => {
      for (const response of [
        await request(server).put(url()).set(admin).set('If-Match', header).send(ENTRY),
        await request(server).patch(url()).set(admin).set('If-Match', header).send({ help_title: 'x' }),
        await request(server).delete(url()).set(admin).set('If-Match', header),
      ]) {
        expect(response.status).toBe(400);
        expect(response.body.message).toBe('If-Match must be * or a comma-separated list of entity tags such as "3"');
      }
      expect(await stored()).toEqual({ ...ENTRY, id: entry.id, version: 1 });
    });

    it('lets exactly one of concurrent writes with the same If-Match through', async () => {
      const titles = Array.from({ length: 6 }, (_, index) => `Title ${index}`);
      const responses = await Promise.all(
        titles.map((help_title) => request(server).patch(url()).set(admin).set('If-Match', '"1"').send({ help_title })),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 412, 412, 412, 412, 412]);
      const winner = responses.find((response) => response.status === 200)!;
      expect(await stored()).toEqual(winner.body);
      expect(winner.body.version).toBe(2);
    });

    it('applies every one of concurrent writes without If-Match, each to the version before it', async () => {
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          request(server)
            .patch(url())
            .set(admin)
            .send({ help_title: `Title ${index}` }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(responses.map((response) => response.body.version as number).sort()).toEqual([2, 3, 4, 5, 6, 7]);
      expect((await stored())!.version).toBe(7);
    });
  });
});
