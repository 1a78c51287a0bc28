// Exports of data-table lists: every row of the list request, as CSV and XLSX, equal to the
// concatenation of the list's pages; formula payloads neutralised; permissions, scope and row cap.
import { Controller, Get } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { parse as parseCsv } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { DateTime } from 'luxon';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable, DataTableExport, type DataTableOptions } from '../src/index.js';
import { Album, ALBUM_ENTITIES, Artist } from './fixtures/album.entities.js';
import { seedAlbums } from './fixtures/album.seed.js';
import { ALBUM_TABLE } from './fixtures/albums.controller.js';
import { Author, Doc, DocTag, Note, NotesController } from './fixtures/scoped-resource.fixture.js';
import { zipEntryText } from './fixtures/zip-entry.reader.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const { actions: _actions, ...ALBUM_LIST } = ALBUM_TABLE;
// These exports hold the list's values (`values: 'raw'`), which the tests compare with the list's rows.
const EXPORTED: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  export: { path: 'albums/export', chunkSize: 3, fileName: 'Albüms "best"', values: 'raw' },
};
const CAPPED: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  export: { path: 'capped-albums/export', maxRows: 5, values: 'raw' },
};
const TITLED: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  export: {
    path: 'titled-albums/export',
    values: 'raw',
    formats: ['csv'],
    columns: ['name', { data: 'artist.name', title: 'Artist' }, 'year'],
  },
};

/** An export of what the table shows (the default): labels of `choices`, words of booleans, dates as the page shows them. */
const LABELLED: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  choices: {
    artist__country: [
      ['Iceland', 'Ísland'],
      ['Sweden', 'Sverige'],
    ],
  },
  export: {
    path: 'labelled-albums/export',
    columns: [
      { data: 'name', title: 'Name' },
      { data: 'artist.country', title: 'Country' },
      { data: 'is_live', title: 'Live' },
      { data: 'released', title: 'Released' },
      { data: 'recorded_at', title: 'Recorded' },
      { data: 'year', title: 'Year' },
    ],
  },
};

/** Labels and titles per language: the reader's (`Accept-Language`), else English, in files, panes and ColumnControl lists. */
const TRANSLATED: DataTableOptions<Album> = {
  ...ALBUM_LIST,
  panes: ['artist__country'],
  columnControl: { lists: { artist__country: {} } },
  choices: {
    artist__country: [
      ['Iceland', { en: 'Iceland', es: 'Islandia', 'pt-BR': 'Islândia' }],
      ['Sweden', { es: 'Suecia', en: 'Sweden' }],
      ['UK', 'United Kingdom'],
    ],
  },
  export: {
    path: 'translated-albums/export',
    columns: [
      { data: 'name', title: { en: 'Name', es: 'Nombre' } },
      { data: 'artist.country', title: { en: 'Country', es: 'País' } },
    ],
  },
};

@Controller()
class AlbumExportsController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query() {
    return this.dataSource
      .getRepository(Album)
      .createQueryBuilder('album')
      .leftJoinAndSelect('album.artist', 'artist')
      .leftJoinAndSelect('album.genres', 'genre');
  }

  @Get('albums')
  @DataTable(EXPORTED)
  list() {
    return this.query();
  }

  @DataTableExport(EXPORTED)
  exportRows() {
    return this.query();
  }

  @DataTableExport(EXPORTED, 'POST')
  exportRowsByPost() {
    return this.query();
  }

  @DataTableExport(CAPPED)
  capped() {
    return this.query();
  }

  @DataTableExport(TITLED)
  titled() {
    return this.query();
  }

  @DataTableExport(LABELLED)
  labelled() {
    return this.query();
  }

  @Get('translated-albums')
  @DataTable(TRANSLATED)
  translatedList() {
    return this.query();
  }

  @DataTableExport(TRANSLATED)
  translated() {
    return this.query();
  }
}

type Row = Record<string, unknown> & { id: number };

/** Every page of the list request, `length` rows at a time, concatenated. */
async function listedRows(server: App, parameters: Record<string, string>): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; ; start += 4) {
    const { body } = await request(server)
      .get('/albums')
      .query({ ...parameters, start: String(start), length: '4' })
      .expect(200);
    const page = (body as { data: Row[]; recordsFiltered: number }).data;
    rows.push(...page);
    if (start + 4 >= (body as { recordsFiltered: number }).recordsFiltered) return rows;
  }
}

function binary(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

const FIELDS = 'id,name,artist.name,year,released,recorded_at,is_live,sales,genres.name';

/**
 * The rows with each genres cell (the last) in name order: the database gives a row's to-many
 * items in no set order, to the list as to the export.
 */
function genresSorted<T>(rows: T[][]): T[][] {
  return rows.map((row) => {
    const genres = row.at(-1);
    const sorted = typeof genres === 'string' ? genres.split('; ').sort().join('; ') : genres;
    return [...row.slice(0, -1), sorted as T];
  });
}
const FORMULA_START = /^[=+\-@\t\r]/;

/** What the CSV shows of a listed row: the list's values as text, text cells neutralised, genres joined. */
function csvOf(row: Row): string[] {
  const text = (value: unknown) => {
    if (value === null || value === undefined) return '';
    if (typeof value === 'string') return FORMULA_START.test(value) ? `'${value}` : value;
    return String(value);
  };
  const artist = row.artist as { name: string } | null;
  const genres = (row.genres as { name: string }[]).map((genre) => genre.name).join('; ');
  return [
    String(row.id),
    text(row.name),
    text(artist?.name),
    String(row.year),
    String(row.released),
    String(row.recorded_at),
    String(row.is_live),
    text(row.sales),
    text(genres),
  ];
}

/** The time an ISO text shows, as the UTC instant a spreadsheet cell without zone stands for. */
function shownAt(iso: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{3}))?)?/.exec(iso)!;
  const [, y, mo, d, h = '0', mi = '0', s = '0', ms = '0'] = match;
  return new Date(Date.UTC(+y!, +mo! - 1, +d!, +h, +mi, +s, +ms));
}

/** An XLSX cell is XML text, whose line ends are line feeds. */
const lineFeeds = (text: string) => text.replace(/\r\n?/g, '\n');

/** What the XLSX holds for a listed row: typed cells. */
function xlsxOf(row: Row): unknown[] {
  const artist = row.artist as { name: string } | null;
  const genres = (row.genres as { name: string }[]).map((genre) => genre.name).join('; ');
  return [
    row.id,
    lineFeeds(row.name as string),
    artist?.name ?? null,
    row.year,
    shownAt(row.released as string),
    shownAt(row.recorded_at as string),
    row.is_live,
    row.sales,
    genres === '' ? null : genres,
  ];
}

/** A cell's value as ExcelJS reads it, an inline string (which it reads as rich text) as its text. */
function readValue(value: unknown): unknown {
  const { richText } = (value ?? {}) as { richText?: { text: string }[] };
  return richText ? richText.map((run) => run.text).join('') : value;
}

async function xlsxRows(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const values = row.values as unknown[];
    rows.push(Array.from({ length: FIELDS.split(',').length }, (_, index) => readValue(values[index + 1] ?? null)));
  });
  return rows;
}

interface SheetCell {
  ref: string;
  /** The `t` attribute: `inlineStr`, `b`, ...; absent for numbers and dates. */
  type: string | undefined;
  xml: string;
}

/** The cells of the sheet's XML, as written (read from the zip, not through a spreadsheet library). */
function sheetCells(buffer: Buffer): SheetCell[] {
  const xml = zipEntryText(buffer, 'xl/worksheets/sheet1.xml');
  return [...xml.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>(.*?)<\/c>)/gs)].map(([, ref, attributes, inner]) => ({
    ref: ref!,
    type: /\bt="([^"]*)"/.exec(attributes!)?.[1],
    xml: inner ?? '',
  }));
}

const PAYLOADS = [
  '=1+2',
  '+SUM(A1)',
  '-2+3',
  '@cmd',
  '\tTabbed',
  '\rReturned',
  'Quote "and", comma\nnewline',
  '_x0041_ is not A, \u0007 rings',
];

describeEachDatabase('Data table exports', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [...ALBUM_ENTITIES, Author, Note, Doc, DocTag],
      imports: [TypeOrmModule.forFeature([Note, Doc])],
      controllers: [AlbumExportsController, NotesController],
      widgetlib: { timezone: 'Europe/Oslo' },
    });
    server = testApp.app.getHttpServer() as App;
    await seedAlbums(testApp.dataSource);
    const [björk] = await testApp.dataSource.getRepository(Artist).findBy({ name: 'Björk' });
    await testApp.dataSource.getRepository(Album).save(
      PAYLOADS.map((name, index) => ({
        name,
        rank: 2,
        year: 2001,
        released: '2001-08-27',
        recorded_at: new Date('2001-03-01T09:15:00Z'),
        is_live: index % 2 === 0,
        sales: index === 0 ? -5 : null,
        artist: index < 3 ? björk! : null,
      })),
    );
    await testApp.dataSource.manager.save(Note, [
      { body: 'alice private', owner: 'alice', shared: false },
      { body: '=alice shared', owner: 'alice', shared: true },
      { body: 'bob private', owner: 'bob', shared: false },
      { body: 'bob shared', owner: 'bob', shared: true },
    ]);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const CASES: Array<[string, Record<string, string>]> = [
    ['the default ordering', {}],
    ['a search', { search: 'abba' }],
    ['a filter across a to-one relation', { artist__country: 'Iceland' }],
    ['a filter across a to-many relation', { genres__name: 'Rock' }],
    ['an ordering by text keys with ties, then a number', { ordering: 'artist__name,-rank,name' }],
    ['an ordering by a descending text key with ties', { ordering: '-artist__country,year' }],
    [
      "DataTables' own parameters",
      {
        'order[0][column]': '0',
        'order[0][dir]': 'desc',
        'columns[0][data]': 'year',
        'columns[1][data]': 'name',
        'order[1][column]': '1',
        'order[1][dir]': 'asc',
        'search[value]': 'a',
      },
    ],
  ];

  describe.each(CASES)('with %s', (_name, parameters) => {
    it('answers a CSV whose rows are the pages of the list', async () => {
      const expected = await listedRows(server, parameters);
      expect(expected.length).toBeGreaterThan(0);
      const response = await request(server)
        .get('/albums/export')
        .query({ ...parameters, format: 'csv', fields: FIELDS })
        .expect(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const records = parseCsv(response.text, { relax_column_count: false }) as string[][];
      expect(records[0]).toEqual(FIELDS.split(','));
      expect(genresSorted(records.slice(1))).toEqual(genresSorted(expected.map(csvOf)));
    });

    it('answers an XLSX whose typed rows are the pages of the list', async () => {
      const expected = await listedRows(server, parameters);
      const response = await request(server)
        .get('/albums/export')
        .query({ ...parameters, format: 'xlsx', fields: FIELDS })
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const rows = await xlsxRows(response.body as Buffer);
      expect(rows[0]).toEqual(FIELDS.split(','));
      expect(genresSorted(rows.slice(1))).toEqual(genresSorted(expected.map(xlsxOf)));
    });

    it('answers the same CSV through POST, form-encoded and as JSON', async () => {
      const expected = genresSorted((await listedRows(server, parameters)).map(csvOf));
      const form = await request(server)
        .post('/albums/export')
        .type('form')
        .send({ ...parameters, format: 'csv', fields: FIELDS })
        .expect(200);
      expect(genresSorted((parseCsv(form.text) as string[][]).slice(1))).toEqual(expected);
      const json = await request(server)
        .post('/albums/export')
        .send({ ...parameters, format: 'csv', fields: FIELDS })
        .expect(200);
      expect(genresSorted((parseCsv(json.text) as string[][]).slice(1))).toEqual(expected);
    });
  });

  it('names the file after the table and the day, as an attachment (RFC 6266 and 5987)', async () => {
    const response = await request(server).get('/albums/export').query({ format: 'csv' }).expect(200);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo' }).format(new Date());
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Albums _best_-${day}.csv"; filename*=UTF-8''Alb%C3%BCms%20%22best%22-${day}.csv`,
    );
  });

  it('writes every column of the row when the request names none, the actions left out', async () => {
    const response = await request(server).get('/albums/export').query({ format: 'csv', search: 'Arrival' });
    const [header, row] = parseCsv(response.text) as string[][];
    expect(header).toEqual(expect.arrayContaining(['id', 'name', 'artist.name', 'artist.country', 'genres']));
    expect(header).not.toContain('secret');
    expect(header).not.toContain('actions');
    expect(row![header!.indexOf('artist.name')]).toBe('ABBA');
  });

  it('neutralises formula payloads in CSV text cells, not negative numbers, and keeps them text in XLSX', async () => {
    const csv = await request(server)
      .get('/albums/export')
      .query({ format: 'csv', fields: 'name,sales', released: '2001-08-27', ordering: 'id' })
      .expect(200);
    const records = (parseCsv(csv.text) as string[][]).slice(1);
    expect(records.map(([name]) => name)).toEqual(
      PAYLOADS.map((name) => (FORMULA_START.test(name) ? `'${name}` : name)),
    );
    expect(records[0]).toEqual(["'=1+2", '-5']);
    const xlsx = await request(server)
      .get('/albums/export')
      .query({ format: 'xlsx', fields: 'name,sales', released: '2001-08-27', ordering: 'id' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const rows = await xlsxRows(xlsx.body as Buffer);
    expect(rows.slice(1).map(([name]) => name)).toEqual(PAYLOADS.map(lineFeeds));
    expect(rows[1]!.slice(0, 2)).toEqual(['=1+2', -5]);
    const cells = sheetCells(xlsx.body as Buffer);
    expect(cells.find((cell) => cell.ref === 'A2')).toEqual({
      ref: 'A2',
      type: 'inlineStr',
      xml: '<is><r><t>=1+2</t></r></is>',
    });
    expect(cells.find((cell) => cell.ref === 'B2')).toEqual({ ref: 'B2', type: undefined, xml: '<v>-5</v>' });
    // An underscore that would start an escape, and a character XML cannot hold, are escaped.
    expect(cells.find((cell) => cell.ref === `A${PAYLOADS.length + 1}`)?.xml).toBe(
      '<is><r><t>_x005F_x0041_ is not A, _x0007_ rings</t></r></is>',
    );
  });

  it('writes every text cell, titles included, as an inline string (t="inlineStr"), never a formula', async () => {
    const response = await request(server)
      .get('/albums/export')
      .query({ format: 'xlsx', fields: FIELDS })
      .buffer(true)
      .parse(binary)
      .expect(200);
    const rows = await xlsxRows(response.body as Buffer);
    const cells = sheetCells(response.body as Buffer);
    expect(cells.filter((cell) => cell.type !== undefined && !['inlineStr', 'b'].includes(cell.type))).toEqual([]);
    expect(cells.filter((cell) => cell.xml.includes('<f>') || cell.xml.includes('<f '))).toEqual([]);
    const texts = rows.flat().filter((value) => typeof value === 'string').length;
    expect(texts).toBeGreaterThan(FIELDS.split(',').length);
    expect(cells.filter((cell) => cell.type === 'inlineStr')).toHaveLength(texts);
    expect(cells.filter((cell) => /^[A-Z]+1$/.test(cell.ref)).map((cell) => cell.type)).toEqual(
      FIELDS.split(',').map(() => 'inlineStr'),
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.body as ArrayBuffer);
    expect(workbook.worksheets[0]!.getCell('A1').font?.bold).toBe(true);
    expect(workbook.worksheets[0]!.getCell('A2').font?.bold).toBeFalsy();
  });

  it('starts a CSV with a byte order mark when asked', async () => {
    const response = await request(server)
      .get('/albums/export')
      .query({ format: 'csv', bom: '1', fields: 'name' })
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect([...(response.body as Buffer).subarray(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x6e]);
  });

  describe('of what the table shows (values: shown, the default)', () => {
    const COUNTRIES: Record<string, string> = { Iceland: 'Ísland', Sweden: 'Sverige' };
    const PAGE = {
      date_format: 'dd.MM.yyyy',
      datetime_format: 'd MMM yyyy HH:mm',
      timezone: 'America/New_York',
      yes: 'Ja',
      no: 'Nei',
    };

    /** A listed row as the page shows it, computed here with Luxon from the list's ISO values. */
    function shownOf(row: Row, page: typeof PAGE): string[] {
      const country = (row.artist as { country: string | null } | null)?.country ?? null;
      return [
        row.name as string,
        country === null ? '' : (COUNTRIES[country] ?? country),
        row.is_live ? page.yes : page.no,
        DateTime.fromISO(row.released as string).toFormat(page.date_format),
        DateTime.fromISO(row.recorded_at as string)
          .setZone(page.timezone)
          .toFormat(page.datetime_format),
        String(row.year),
      ].map((text) => (FORMULA_START.test(text) ? `'${text}` : text));
    }

    it("writes labels, the page's words and dates in the page's formats and time zone, after a byte order mark", async () => {
      const parameters = { search: 'a', ordering: 'id' };
      const expected = await listedRows(server, parameters);
      const response = await request(server)
        .get('/labelled-albums/export')
        .query({ ...parameters, format: 'csv', ...PAGE })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const bytes = response.body as Buffer;
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const records = parseCsv(bytes.subarray(3).toString('utf8')) as string[][];
      expect(records[0]).toEqual(['Name', 'Country', 'Live', 'Released', 'Recorded', 'Year']);
      expect(records.slice(1)).toEqual(expected.map((row) => shownOf(row, PAGE)));
      expect(records.slice(1).map((record) => record[1])).toEqual(expect.arrayContaining(['Ísland', 'Sverige', 'UK']));
      expect(new Set(records.slice(1).map((record) => record[2]))).toEqual(new Set(['Ja', 'Nei']));
    });

    it("uses the module's formats, time zone and words when the request sends none", async () => {
      const expected = await listedRows(server, { ordering: 'id' });
      const response = await request(server)
        .get('/labelled-albums/export')
        .query({ format: 'csv', ordering: 'id', bom: '0' })
        .expect(200);
      expect(response.text.startsWith('Name,')).toBe(true);
      const defaults = {
        date_format: 'yyyy-MM-dd',
        datetime_format: 'yyyy-MM-dd HH:mm',
        timezone: 'Europe/Oslo',
        yes: 'Yes',
        no: 'No',
      };
      expect((parseCsv(response.text) as string[][]).slice(1)).toEqual(expected.map((row) => shownOf(row, defaults)));
    });

    it('writes the raw values, without a byte order mark, when the request asks for them', async () => {
      const expected = await listedRows(server, { ordering: 'id' });
      const response = await request(server)
        .get('/labelled-albums/export')
        .query({ format: 'csv', ordering: 'id', 'export[values]': 'raw', ...PAGE })
        .expect(200);
      expect(response.text.startsWith('Name,')).toBe(true);
      expect((parseCsv(response.text) as string[][]).slice(1)).toEqual(
        expected.map((row) => [
          FORMULA_START.test(row.name as string) ? `'${row.name as string}` : (row.name as string),
          (row.artist as { country: string | null } | null)?.country ?? '',
          String(row.is_live),
          row.released as string,
          row.recorded_at as string,
          String(row.year),
        ]),
      );
    });

    it("writes XLSX dates as date cells in the page's format, labels and words as text", async () => {
      const expected = await listedRows(server, { ordering: 'id' });
      const response = await request(server)
        .get('/labelled-albums/export')
        .query({ format: 'xlsx', ordering: 'id', ...PAGE })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.body as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const first = expected[0]!;
      const recorded = DateTime.fromISO(first.recorded_at as string).setZone(PAGE.timezone);
      expect(readValue(sheet.getCell('B2').value)).toBe(shownOf(first, PAGE)[1]);
      expect(readValue(sheet.getCell('C2').value)).toBe(first.is_live ? 'Ja' : 'Nei');
      expect(sheet.getCell('D2').value).toEqual(shownAt(first.released as string));
      expect(sheet.getCell('D2').numFmt).toBe('dd.mm.yyyy');
      expect(sheet.getCell('E2').value).toEqual(shownAt(recorded.toISO({ includeOffset: false })!));
      expect(sheet.getCell('E2').numFmt).toBe('d mmm yyyy hh:mm');
      expect(sheet.getCell('F2').value).toBe(first.year);
      expect(zipEntryText(response.body as Buffer, 'xl/styles.xml')).toContain('formatCode="dd\\.mm\\.yyyy"');
    });

    it('writes XLSX date-times as the text the page shows where Excel has no such number format', async () => {
      const [first] = await listedRows(server, { ordering: 'id' });
      const page = { ...PAGE, datetime_format: 'yyyy-MM-dd HH:mm ZZ' };
      const response = await request(server)
        .get('/labelled-albums/export')
        .query({ format: 'xlsx', ordering: 'id', ...page })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.body as ArrayBuffer);
      expect(readValue(workbook.worksheets[0]!.getCell('E2').value)).toBe(shownOf(first!, page)[4]);
    });

    it.each<[Record<string, string>, string]>([
      [{ date_format: 'MMM yyyy' }, 'date_format "MMM yyyy" is not a Luxon format showing a whole date'],
      [
        { 'export[datetime_format]': 'dd.MM.yyyy' },
        'datetime_format "dd.MM.yyyy" is not a Luxon format showing a whole date and time (to the minute)',
      ],
      [{ timezone: 'Mars/Olympus' }, 'timezone "Mars/Olympus" is not an IANA time zone (e.g. Europe/Oslo)'],
      [{ values: 'labels' }, 'values must be one of shown, raw, got "labels"'],
      [{ yes: '' }, 'yes must be 1 to 64 characters'],
    ])('refuses %j with a 400 naming it', async (parameters, message) => {
      const response = await request(server)
        .get('/labelled-albums/export')
        .query({ format: 'csv', ...parameters })
        .expect(400);
      expect(response.body.message).toEqual([message]);
    });
  });

  describe("of choices labelled per language, in the reader's", () => {
    const LABELS: Record<string, Record<string, string>> = {
      es: { Iceland: 'Islandia', Sweden: 'Suecia', UK: 'United Kingdom' },
      en: { Iceland: 'Iceland', Sweden: 'Sweden', UK: 'United Kingdom' },
      'pt-BR': { Iceland: 'Islândia', Sweden: 'Sweden', UK: 'United Kingdom' },
    };
    const countryOf = (row: Row) => (row.artist as { country: string | null } | null)?.country ?? null;

    it.each([
      ['es', 'es', ['Nombre', 'País']],
      ['es-MX,en;q=0.5', 'es', ['Nombre', 'País']],
      ['en', 'en', ['Name', 'Country']],
      ['de', 'en', ['Name', 'Country']],
      ['pt-BR', 'pt-BR', ['Name', 'Country']],
    ])('writes CSV and XLSX cells and titles for Accept-Language %s', async (header, language, titles) => {
      const expected = await listedRows(server, { ordering: 'id' });
      const cells = expected.map((row) => {
        const country = countryOf(row);
        return [row.name as string, country === null ? '' : LABELS[language]![country]!].map((text) =>
          FORMULA_START.test(text) ? `'${text}` : text,
        );
      });
      const csv = await request(server)
        .get('/translated-albums/export')
        .set('Accept-Language', header)
        .query({ format: 'csv', ordering: 'id', bom: '0' })
        .expect(200);
      const records = parseCsv(csv.text) as string[][];
      expect(records[0]).toEqual(titles);
      expect(records.slice(1)).toEqual(cells);
      const xlsx = await request(server)
        .get('/translated-albums/export')
        .set('Accept-Language', header)
        .query({ format: 'xlsx', ordering: 'id' })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.body as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const column = Array.from(
        { length: expected.length + 1 },
        (_, index) => readValue(sheet.getCell(index + 1, 2).value) ?? '',
      );
      expect(column).toEqual([titles[1], ...expected.map((row) => LABELS[language]![countryOf(row) ?? ''] ?? '')]);
    });

    it.each([
      ['es', 'es'],
      ['en', 'en'],
    ])("labels SearchPanes' and ColumnControl's options for Accept-Language %s", async (header, language) => {
      const { body } = await request(server)
        .get('/translated-albums')
        .set('Accept-Language', header)
        .query({
          'searchPanes_options[viewCount]': 'true',
          'columns[0][data]': 'artist.country',
          'columns[0][name]': 'artist__country',
          'columns[0][columnControl][list][0]': '',
        })
        .expect(200);
      const labels = LABELS[language]!;
      const panes = body.searchPanes.options['artist.country'] as { label: string; value: string | null }[];
      expect(panes.map(({ label, value }) => [value, label])).toEqual([
        [null, ''],
        ...['Iceland', 'Sweden', 'UK'].map((value) => [value, labels[value]]),
      ]);
      expect(body.columnControl.artist__country).toEqual(
        ['Iceland', 'Sweden', 'UK'].map((value) => ({ value, label: labels[value] })),
      );
    });
  });

  it('uses the declared columns and titles, and refuses a field outside them', async () => {
    const response = await request(server).get('/titled-albums/export').query({ format: 'csv', search: 'Arrival' });
    expect(parseCsv(response.text)).toEqual([
      ['name', 'Artist', 'year'],
      ['Arrival', 'ABBA', '1976'],
    ]);
    const picked = await request(server).get('/titled-albums/export').query({ format: 'csv', fields: 'year,name' });
    expect((parseCsv(picked.text) as string[][])[0]).toEqual(['year', 'name']);
    const refused = await request(server)
      .get('/titled-albums/export')
      .query({ format: 'csv', fields: 'name,secret' })
      .expect(400);
    expect(refused.body.message).toEqual([
      'fields: "secret" is not a column of this export; allowed: name, artist.name, year',
    ]);
  });

  it.each<[Record<string, string>, string]>([
    [{}, 'format is required: csv, xlsx'],
    [{ format: 'pdf' }, 'format must be one of csv, xlsx, got "pdf"'],
    [{ format: 'csv', bom: 'maybe' }, 'bom must be true or false (1 or 0), got "maybe"'],
    [
      { format: 'csv', ordering: 'secret' },
      'ordering: "secret" is not an ordering field; allowed: ' + ALBUM_TABLE.orderingFields!.join(', '),
    ],
  ])('refuses %j with a 400 naming the problem', async (parameters, message) => {
    const response = await request(server).get('/albums/export').query(parameters).expect(400);
    expect(response.body.message).toEqual([message]);
  });

  it('refuses an xlsx where the export offers only csv', async () => {
    const response = await request(server).get('/titled-albums/export').query({ format: 'xlsx' }).expect(400);
    expect(response.body.message).toEqual(['format must be one of csv, got "xlsx"']);
  });

  it('refuses, before any row is sent, an export of more rows than the cap, naming both numbers', async () => {
    const { body } = await request(server).get('/albums').query({ search: 'a' }).expect(200);
    const matched = (body as { recordsFiltered: number }).recordsFiltered;
    expect(matched).toBeGreaterThan(5);
    const response = await request(server)
      .get('/capped-albums/export')
      .query({ format: 'csv', search: 'a' })
      .expect(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(response.body.message).toEqual([
      `the export would hold ${matched} rows; at most 5 are allowed (export.maxRows): narrow the search or the filters`,
    ]);
    await request(server).get('/capped-albums/export').query({ format: 'csv', search: 'abba' }).expect(200);
  });

  it('has no export where none is declared', async () => {
    await request(server).get('/albums-plain/export').query({ format: 'csv' }).expect(404);
  });

  describe('of a resource', () => {
    const ALICE = asUser({ name: 'alice', permissions: ['notes.use'] });

    it('needs the list permission: 401 without a user, 403 without it', async () => {
      await request(server).get('/notes/export').query({ format: 'csv' }).expect(401);
      await request(server)
        .get('/notes/export')
        .set(asUser({ name: 'carol', permissions: [] }))
        .query({ format: 'csv' })
        .expect(403);
      await request(server)
        .post('/notes/export')
        .set(asUser({ name: 'carol', permissions: [] }))
        .send({ format: 'csv' })
        .expect(403);
    });

    it("holds the rows of the list's scope, named after the resource", async () => {
      const list = await request(server).get('/notes').set(ALICE).query({ length: '50' }).expect(200);
      const response = await request(server)
        .get('/notes/export')
        .set(ALICE)
        .query({ format: 'csv', fields: 'id,body,owner' })
        .expect(200);
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="notes-\d{4}-\d{2}-\d{2}\.csv"/);
      const expected = (list.body as { data: { id: number; body: string; owner: string }[] }).data.map((note) => [
        String(note.id),
        FORMULA_START.test(note.body) ? `'${note.body}` : note.body,
        note.owner,
      ]);
      expect(expected.map(([, body]) => body)).toEqual(['alice private', "'=alice shared", 'bob shared']);
      expect((parseCsv(response.text) as string[][]).slice(1)).toEqual(expected);
      const posted = await request(server)
        .post('/notes/export')
        .set(ALICE)
        .send({ format: 'csv', fields: 'id,body,owner' })
        .expect(200);
      expect(posted.text).toBe(response.text);
    });

    it('leaves the record route to records: /notes/export is not read as an id', async () => {
      await request(server).get('/notes/export').set(ALICE).expect(400);
      await request(server).get('/notes/12345').set(ALICE).expect(404);
    });
  });

  describe('on Fastify', () => {
    let fastifyApp: TestApp;
    let fastify: App;

    beforeAll(async () => {
      fastifyApp = await createTestApp(kind, {
        platform: 'fastify',
        entities: ALBUM_ENTITIES,
        controllers: [AlbumExportsController],
        widgetlib: { timezone: 'Europe/Oslo' },
      });
      fastify = fastifyApp.app.getHttpServer() as App;
      await seedAlbums(fastifyApp.dataSource);
    });

    afterAll(async () => {
      await fastifyApp?.close();
    });

    it('streams the same CSV and XLSX, GET and POST', async () => {
      const parameters = { ordering: 'artist__name,-rank,name' };
      const expected = await listedRows(fastify, parameters);
      const csv = await request(fastify)
        .get('/albums/export')
        .query({ ...parameters, format: 'csv', fields: FIELDS })
        .expect(200);
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="Albums _best_-/);
      expect(genresSorted((parseCsv(csv.text) as string[][]).slice(1))).toEqual(genresSorted(expected.map(csvOf)));
      const posted = await request(fastify)
        .post('/albums/export')
        .send({ ...parameters, 'export[format]': 'csv', 'export[fields]': FIELDS })
        .expect(200);
      expect(genresSorted((parseCsv(posted.text) as string[][]).slice(1))).toEqual(genresSorted(expected.map(csvOf)));
      const xlsx = await request(fastify)
        .get('/albums/export')
        .query({ ...parameters, format: 'xlsx', fields: FIELDS })
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(genresSorted((await xlsxRows(xlsx.body as Buffer)).slice(1))).toEqual(genresSorted(expected.map(xlsxOf)));
    });
  });
});
