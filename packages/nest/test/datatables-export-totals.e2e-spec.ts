import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTableExport, type DataTableOptions } from '../src/index.js';
import { seedTally, TALLY_ENTITIES, TALLY_TABLE, TallyAlbum, type StoredTally } from './fixtures/tally.fixture.js';
import { referenceTally } from './fixtures/tally.reference.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const TOTALLED: DataTableOptions<TallyAlbum> = { ...TALLY_TABLE, export: { totals: true, fileName: 'albums' } };
const UNAGGREGATED: DataTableOptions<TallyAlbum> = { ...TALLY_TABLE, aggregates: undefined };

/** Exports of the tally albums: totals on request, totals by default, and a table without aggregates. */
@Controller('tally-export')
class TallyExportsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private albums() {
    return this.dataSource
      .getRepository(TallyAlbum)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.songs', 'song');
  }

  @Get('on-request')
  @DataTableExport(TALLY_TABLE)
  onRequest() {
    return this.albums();
  }

  @Get('by-default')
  @DataTableExport(TOTALLED)
  byDefault() {
    return this.albums();
  }

  @Get('unaggregated')
  @DataTableExport(UNAGGREGATED)
  unaggregated() {
    return this.albums();
  }
}

const FIELDS = 'id,name,price,tracks,artist.rating,songs.seconds';
const FILTER = { format__in: 'cd,vinyl', year__gte: '1993' };

function binary(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/** A text cell as the CSV writes it: one a spreadsheet would run as a formula (a negative decimal) prefixed with a quote. */
const csvText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

async function xlsxRows(buffer: Buffer): Promise<{ values: unknown[]; bold: boolean }[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const rows: { values: unknown[]; bold: boolean }[] = [];
  workbook.worksheets[0]!.eachRow({ includeEmpty: true }, (row) => {
    const values = Array.from({ length: FIELDS.split(',').length }, (_, index) => {
      const value = row.getCell(index + 1).value;
      const { richText } = (value ?? {}) as { richText?: { text: string }[] };
      return richText ? richText.map((run) => run.text).join('') : value;
    });
    rows.push({ values, bold: row.getCell(1).font?.bold === true });
  });
  return rows;
}

describeEachDatabase('Data table export: the totals row', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredTally[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: TALLY_ENTITIES, controllers: [TallyExportsController] });
    server = testApp.app.getHttpServer() as App;
    albums = await seedTally(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  /** The reference totals under FILTER: each column's first declared aggregate (all sums here), from the stored rows. */
  function expectedTotals() {
    const filters = Object.entries(FILTER);
    const { aggregates, recordsFiltered } = referenceTally(albums, { filters, limit: 0, offset: 0 }, {});
    return {
      recordsFiltered,
      price: aggregates.price!.sum as string,
      tracks: aggregates.tracks!.sum as number,
      rating: aggregates.artist__rating!.sum as string,
      seconds: aggregates.songs__seconds!.sum as number,
    };
  }

  it('appends to a CSV one totals row over every matching row, the decimals exact, the first plain column labelled', async () => {
    const totals = expectedTotals();
    expect(totals.recordsFiltered).toBeGreaterThan(3);
    const response = await request(server)
      .get('/tally-export/on-request')
      .query({ ...FILTER, 'export[format]': 'csv', fields: FIELDS, totals: 'true', bom: '0' })
      .expect(200);
    const records = parseCsv(response.text) as string[][];
    expect(records).toHaveLength(1 + totals.recordsFiltered + 1);
    expect(records.at(-1)).toEqual([
      'Totals',
      '',
      csvText(totals.price),
      String(totals.tracks),
      csvText(totals.rating),
      String(totals.seconds),
    ]);
    // The label is the request's when it gives one, in the first column without an aggregate.
    const labelled = await request(server)
      .get('/tally-export/on-request')
      .query({
        ...FILTER,
        'export[format]': 'csv',
        fields: 'price,name,id',
        'export[totals]': '1',
        totals_label: 'Suma',
      })
      .expect(200);
    expect((parseCsv(labelled.text, { bom: true }) as string[][]).at(-1)).toEqual([csvText(totals.price), 'Suma', '']);
  });

  it('appends to an XLSX a bold totals row: integer sums as numbers, decimal sums as their exact text', async () => {
    const totals = expectedTotals();
    const response = await request(server)
      .get('/tally-export/by-default')
      .query({ ...FILTER, 'export[format]': 'xlsx', fields: FIELDS })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const rows = await xlsxRows(response.body as Buffer);
    expect(rows).toHaveLength(1 + totals.recordsFiltered + 1);
    expect(rows.at(-1)).toEqual({
      values: ['Totals', null, totals.price, totals.tracks, totals.rating, totals.seconds],
      bold: true,
    });
    expect(rows.at(-2)!.bold).toBe(false);
    // totals=false turns the endpoint's default off.
    const plain = await request(server)
      .get('/tally-export/by-default')
      .query({ ...FILTER, 'export[format]': 'xlsx', fields: FIELDS, totals: 'false' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(await xlsxRows(plain.body as Buffer)).toEqual(rows.slice(0, -1));
  });

  it('without totals, writes the rows alone; with them, only one record more at the end', async () => {
    const query = { ...FILTER, 'export[format]': 'csv', fields: FIELDS };
    const [without, off, on] = await Promise.all([
      request(server).get('/tally-export/on-request').query(query).expect(200),
      request(server)
        .get('/tally-export/on-request')
        .query({ ...query, totals: '0' })
        .expect(200),
      request(server)
        .get('/tally-export/on-request')
        .query({ ...query, totals: '1' })
        .expect(200),
    ]);
    expect(off.text).toBe(without.text);
    expect(without.text.startsWith('\uFEFF')).toBe(true);
    expect(on.text.startsWith(without.text)).toBe(true);
    expect(on.text.slice(without.text.length).split('\r\n')).toHaveLength(2); // one record, then the end
  });

  it('answers 400 naming the problem for totals on a table without aggregates, or a totals that is not a boolean', async () => {
    const refused = await request(server)
      .get('/tally-export/unaggregated')
      .query({ 'export[format]': 'csv', totals: 'true' })
      .expect(400);
    expect(JSON.stringify(refused.body)).toContain(
      'totals: this table declares no aggregates, so its export has no totals row',
    );
    await request(server)
      .get('/tally-export/unaggregated')
      .query({ 'export[format]': 'csv', totals: 'false' })
      .expect(200);
    const malformed = await request(server)
      .get('/tally-export/on-request')
      .query({ 'export[format]': 'csv', totals: 'sum' })
      .expect(400);
    expect(JSON.stringify(malformed.body)).toContain('totals must be true or false (1 or 0), got \\"sum\\"');
  });
});
