import { Controller, Get } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DateTime } from 'luxon';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { DataSource } from 'typeorm';
import { DataTable } from '../src/index.js';
import { Album, ALBUM_ENTITIES } from './fixtures/album.entities.js';
import { Label, LABEL_ENTITIES } from './fixtures/label.entities.js';
import { seedLabels } from './fixtures/label.seed.js';
import { seedAlbums, type StoredAlbum } from './fixtures/album.seed.js';
import { albumOptionLabel, albumOptionValue, referencePaneOptions } from './fixtures/album-panes.reference.js';
import { ALBUM_TABLE, AlbumsController } from './fixtures/albums.controller.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

const TIMEZONE = 'Europe/Oslo';
const PANES = ALBUM_TABLE.panes!;
/** What SearchPanes sends with every request from a page that shows it. */
const ON_PAGE = {
  'searchPanes_options[cascade]': 'false',
  'searchPanes_options[viewCount]': 'true',
  'searchPanes_options[viewTotal]': 'false',
};

@Controller()
class PanesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('few-options')
  @DataTable({ panes: ['year', 'genres__name'], limits: { maxPaneOptions: 2 } })
  fewOptions() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album');
  }
}

type Option = { label: string; value: string | null; total: number; count: number };

@Controller()
class LabelPanesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('labels')
  @DataTable({ panes: ['releases__title', 'releases__styles__name', 'profile__city'], defaultOrdering: [] })
  labels() {
    return this.dataSource.getRepository(Label).createQueryBuilder('label');
  }
}

describeEachDatabase('Data tables: SearchPanes', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];
  const reference = (
    panes: [string, (string | null)[]][],
    extra: { search?: string; filters?: [string, string][]; scope?: (album: StoredAlbum) => boolean } = {},
  ) =>
    referencePaneOptions(
      albums,
      { panes, filters: extra.filters ?? [], search: extra.search },
      {
        searchFields: ALBUM_TABLE.searchFields!,
        timezone: TIMEZONE,
        scope: extra.scope,
        optionValue: albumOptionValue(TIMEZONE),
        optionLabel: albumOptionLabel(TIMEZONE),
        panes: PANES,
        maxOptions: 100,
      },
    );

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [AlbumsController, PanesController],
      widgetlib: { timezone: TIMEZONE },
    });
    server = testApp.app.getHttpServer() as App;
    albums = await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  const get = (path: string, query: Record<string, string>) => request(server).get(path).query(query);

  it('answers nothing of SearchPanes to a request without its parameters', async () => {
    const response = await get('/albums', {});
    expect(response.status).toBe(200);
    expect(response.body.searchPanes).toBeUndefined();
  });

  it('answers every pane with total and count when SearchPanes is on the page', async () => {
    const response = await get('/albums', ON_PAGE);
    expect(response.status).toBe(200);
    expect(response.body.searchPanes).toEqual({ options: reference([]) });
    const artists = response.body.searchPanes.options['artist.name'] as Option[];
    expect(artists).toEqual([
      { label: '', value: null, total: 2, count: 2 },
      { label: 'ABBA', value: 'ABBA', total: 3, count: 3 },
      { label: 'Björk', value: 'Björk', total: 4, count: 4 },
      { label: 'Motörhead', value: 'Motörhead', total: 2, count: 2 },
      { label: 'Percent_Sign 100%', value: 'Percent_Sign 100%', total: 4, count: 4 },
      { label: 'Sigur Rós', value: 'Sigur Rós', total: 5, count: 5 },
    ]);
    expect(response.body.searchPanes.options.is_live).toEqual([
      { label: 'No', value: 'false', total: 15, count: 15 },
      { label: 'Yes', value: 'true', total: 5, count: 5 },
    ]);
  });

  it('filters the rows by a selection and counts the other panes under it, the pane itself not', async () => {
    const response = await get('/albums', {
      ...ON_PAGE,
      'searchPanes[artist.name][0]': 'ABBA',
      'searchPanes_null[artist.name][0]': 'false',
      'searchPanes[artist.name][1]': '',
      'searchPanes_null[artist.name][1]': 'true',
      searchPanesLast: 'artist.name',
      limit: '50',
    });
    expect(response.status).toBe(200);
    const expected = albums.filter((album) => album.artist === null || album.artist.name === 'ABBA');
    expect(response.body.recordsFiltered).toBe(5);
    expect((response.body.data as { id: number }[]).map((row) => row.id).sort((a, b) => a - b)).toEqual(
      expected.map((album) => album.id),
    );
    const options = response.body.searchPanes.options as Record<string, Option[]>;
    expect(options).toEqual(reference([['artist__name', ['ABBA', null]]]));
    // The selected pane keeps the counts of its other values.
    expect(options['artist.name']!.find((option) => option.value === 'Björk')).toMatchObject({ total: 4, count: 4 });
    // Another pane counts only the selected rows: of the 5, one is live.
    expect(options.is_live).toEqual([
      { label: 'No', value: 'false', total: 15, count: 4 },
      { label: 'Yes', value: 'true', total: 5, count: 1 },
    ]);
  });

  it('cascades: two panes selected, each counted under the other', async () => {
    const panes: [string, (string | null)[]][] = [
      ['genres__name', ['Rock']],
      ['year', ['2015', '2020']],
    ];
    const response = await get('/albums-with-genres', {
      ...ON_PAGE,
      'searchPanes[genres.name][0]': 'Rock',
      'searchPanes[year][0]': '2015',
      'searchPanes[year][1]': '2020',
    });
    expect(response.status).toBe(200);
    expect(response.body.recordsFiltered).toBe(3);
    expect(response.body.searchPanes.options).toEqual(reference(panes));
    expect((response.body.searchPanes.options.year as Option[]).find((option) => option.value === '2020')).toEqual({
      label: '2020',
      value: '2020',
      total: 2,
      count: 1,
    });
  });

  it('counts a pane across a to-many relation in listed rows, the empty option being the rows without a value', async () => {
    const response = await get('/albums', { ...ON_PAGE, search: 'a' });
    const genres = response.body.searchPanes.options['genres.name'] as Option[];
    expect(genres[0]).toEqual({ label: '', value: null, total: 2, count: expect.any(Number) as number });
    expect(genres.map((option) => option.value)).toEqual([null, 'Folk', 'Jazz', 'Pop', 'Rock', 'Électronique']);
    expect(response.body.searchPanes.options).toEqual(reference([], { search: 'a' }));
    const empty = await get('/albums', { 'searchPanes_null[genres.name][0]': 'true', limit: '50' });
    expect(empty.body.recordsFiltered).toBe(2);
    expect(empty.body.searchPanes.options['genres.name'][0]).toEqual({ label: '', value: null, total: 2, count: 2 });
  });

  it('reads values with the field type: booleans, dates, date-times, numbers and nulls', async () => {
    const recorded = albumOptionValue(TIMEZONE)('recorded_at', new Date(albums[0]!.recorded_at));
    const panes: [string, (string | null)[]][] = [
      ['is_live', ['true']],
      ['released', [albums[2]!.released]],
      ['recorded_at', [recorded]],
      ['sales', [null, '1000']],
    ];
    const query: Record<string, string> = { ...ON_PAGE };
    for (const [path, values] of panes) {
      values.forEach((value, index) => {
        query[`searchPanes[${path}][${index}]`] = value ?? '';
        query[`searchPanes_null[${path}][${index}]`] = String(value === null);
      });
    }
    const response = await get('/albums-plain', query);
    expect(response.status).toBe(200);
    expect(response.body.recordsFiltered).toBe(0);
    expect(response.body.searchPanes.options).toEqual(reference(panes));
    const options = response.body.searchPanes.options as Record<string, Option[]>;
    expect(options.recorded_at!.some((option) => option.value === recorded)).toBe(true);
    expect(options.sales![0]).toEqual({ label: '', value: null, total: 3, count: 0 });
  });

  it("counts totals in the base query's scope", async () => {
    const live = (album: StoredAlbum) => album.is_live || album.name === 'Zebra';
    const response = await get('/live-albums', { ...ON_PAGE, 'searchPanes[genres.name][0]': 'Rock' });
    expect(response.status).toBe(200);
    expect(response.body.recordsTotal).toBe(6);
    expect(response.body.searchPanes.options).toEqual(reference([['genres__name', ['Rock']]], { scope: live }));
    const rock = await get('/rock-albums', ON_PAGE);
    const inRock = (album: StoredAlbum) => album.genres.some((genre) => genre.name === 'Rock');
    expect(rock.body.searchPanes.options).toEqual(reference([], { scope: inRock }));
  });

  it('answers at most maxPaneOptions options per pane, those with the most rows, and says which panes have more', async () => {
    const response = await get('/few-options', ON_PAGE);
    expect(response.status).toBe(200);
    expect(response.body.searchPanes).toEqual({
      options: {
        year: [
          { label: '1999', value: '1999', total: 4, count: 4 },
          { label: '2005', value: '2005', total: 3, count: 3 },
        ],
        'genres.name': [
          { label: 'Jazz', value: 'Jazz', total: 5, count: 5 },
          { label: 'Rock', value: 'Rock', total: 6, count: 6 },
        ],
      },
      truncated: ['year', 'genres.name'],
    });
  });

  it('keys the options by the data source of the request column that shows the pane', async () => {
    const response = await get('/albums', {
      ...ON_PAGE,
      'columns[0][data]': 'performer',
      'columns[0][name]': 'artist__name',
      'searchPanes[performer][0]': 'ABBA',
    });
    expect(response.status).toBe(200);
    expect(response.body.recordsFiltered).toBe(3);
    expect(Object.keys(response.body.searchPanes.options)).toContain('performer');
  });

  it.each([
    [{ 'searchPanes[name][0]': 'Takk' }, 'searchPanes[name][0]: "name" is not a pane of this table; panes: '],
    [{ 'searchPanes[year][0]': 'nineteen' }, 'searchPanes[year][0] must be an integer from'],
    [{ 'searchPanes[is_live][0]': 'maybe' }, 'searchPanes[is_live][0] must be true or false'],
    [{ 'searchPanes_null[year][0]': 'perhaps' }, 'searchPanes_null[year][0] must be true or false, got "perhaps"'],
    [{ 'searchPanes_null[year][0]': 'false' }, 'searchPanes_null[year][0] has no searchPanes[year][0]'],
    [{ 'searchPanes_options[foo]': 'true' }, 'searchPanes_options[foo]: "foo" is not a SearchPanes option'],
    [{ 'searchPanes_options[cascade]': 'x' }, 'searchPanes_options[cascade] must be true or false, got "x"'],
    [{ searchPanesLast: 'name' }, 'searchPanesLast: "name" is not a pane of this table'],
    [{ searchPanes: 'x' }, 'searchPanes is not a SearchPanes parameter; SearchPanes sends'],
    [{ 'searchPanes[year][0][x]': '1' }, 'searchPanes[year][0][x] is not a SearchPanes parameter'],
  ])('refuses %j with a 400 naming the parameter', async (query, message) => {
    const response = await request(server)
      .get(`/albums?${new URLSearchParams(query as Record<string, string>).toString()}`)
      .query({ draw: '4' });
    expect(response.status).toBe(400);
    expect(response.body.draw).toBe(4);
    expect((response.body.message as string[]).some((each) => each.startsWith(message))).toBe(true);
  });
});

const COUNTRIES = [
  ['Iceland', 'Ísland <IS>'],
  ['Sweden', 'Sverige'],
] as const;

@Controller()
class LabelledPanesController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Get('labelled-albums')
  @DataTable({
    panes: ['artist__country', 'is_live', 'released', 'recorded_at'],
    choices: { artist__country: [...COUNTRIES] },
  })
  albums() {
    return this.dataSource.getRepository(Album).createQueryBuilder('album').leftJoinAndSelect('album.artist', 'artist');
  }
}

@Controller()
class UnknownChoicesController {
  @Get('unknown-choices')
  @DataTable({ id: 'unknown-choices', entity: Album, panes: ['year'], choices: { artist__genre: [['x', 'X']] } })
  albums() {
    return [];
  }
}

/** Pane labels as the table's cells show values: choices, the module's words and date formats. */
describeEachDatabase('Data tables: SearchPanes labels', (kind) => {
  let testApp: TestApp;
  let server: App;
  let albums: StoredAlbum[];

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: ALBUM_ENTITIES,
      controllers: [LabelledPanesController],
      widgetlib: {
        timezone: TIMEZONE,
        dateFormat: 'dd.MM.yyyy',
        datetimeFormat: 'd MMM yyyy, HH:mm',
        dataTables: { texts: { yes: 'Ja', no: 'Nei' } },
      },
    });
    server = testApp.app.getHttpServer() as App;
    albums = await seedAlbums(testApp.dataSource);
  });

  afterAll(() => testApp.close());

  it("labels options with the column's choices, the module's words and its date formats; values stay raw", async () => {
    const response = await request(server).get('/labelled-albums').query(ON_PAGE).expect(200);
    const options = response.body.searchPanes.options as Record<string, Option[]>;
    const countries = (country: string | null) => albums.filter((album) => (album.artist?.country ?? null) === country);
    expect(options['artist.country']).toEqual([
      { label: '', value: null, total: countries(null).length, count: countries(null).length },
      { label: 'Ísland &lt;IS&gt;', value: 'Iceland', total: 9, count: 9 },
      { label: 'Sverige', value: 'Sweden', total: 3, count: 3 },
      { label: 'UK', value: 'UK', total: 4, count: 4 },
    ]);
    expect(options.is_live).toEqual([
      { label: 'Nei', value: 'false', total: 15, count: 15 },
      { label: 'Ja', value: 'true', total: 5, count: 5 },
    ]);
    for (const option of options.released!) {
      expect(option.label).toBe(DateTime.fromISO(option.value!).toFormat('dd.MM.yyyy'));
    }
    for (const option of options.recorded_at!) {
      const shown = DateTime.fromISO(option.value!, { setZone: true });
      expect(shown.zoneName).not.toBe('UTC');
      expect(option.label).toBe(shown.setZone(TIMEZONE).toFormat('d MMM yyyy, HH:mm'));
    }
  });

  it('selects by the raw value of a labelled option', async () => {
    const response = await request(server)
      .get('/labelled-albums')
      .query({ ...ON_PAGE, 'searchPanes[artist.country][0]': 'Iceland', 'searchPanes[is_live][0]': 'false' })
      .expect(200);
    const expected = albums.filter((album) => album.artist?.country === 'Iceland' && !album.is_live);
    expect(response.body.recordsFiltered).toBe(expected.length);
    expect(response.body.searchPanes.options['artist.country']).toContainEqual({
      label: 'Ísland &lt;IS&gt;',
      value: 'Iceland',
      total: 9,
      count: expected.length,
    });
  });

  it('refuses to start with choices for a path the entity lacks, naming it', async () => {
    await expect(
      createTestApp(kind, { entities: ALBUM_ENTITIES, controllers: [UnknownChoicesController] }),
    ).rejects.toThrow('choices.artist__genre: data table path artist__genre: Artist has no column or relation genre');
  });
});

/** Panes over a one-to-many relation, two to-many relations in a row and an inverse one-to-one. */
describeEachDatabase('Data tables: SearchPanes across relations of every kind', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, { entities: LABEL_ENTITIES, controllers: [LabelPanesController] });
    server = testApp.app.getHttpServer() as App;
    const { manager } = testApp.dataSource;
    await seedLabels(manager);
  });

  afterAll(() => testApp.close());

  const option = (value: string | null, total: number, count = total) => ({ label: value ?? '', value, total, count });

  async function answer(query: Record<string, string>) {
    const response = await request(server)
      .get('/labels')
      .query({ ...ON_PAGE, ...query });
    expect(response.status).toBe(200);
    const body = response.body as {
      data: { id: number }[];
      recordsFiltered: number;
      searchPanes: { options: unknown };
    };
    return {
      ids: body.data.map((row) => row.id).sort(),
      filtered: body.recordsFiltered,
      options: body.searchPanes.options,
    };
  }

  it('counts labels, not releases or styles, and puts the labels without a value in the empty option', async () => {
    expect(await answer({})).toEqual({
      ids: [1, 2, 3, 4],
      filtered: 4,
      options: {
        'releases.title': [
          option(null, 2),
          option('Blue Train', 1),
          option('Kind of Blue', 1),
          option('Rock_Out 100%', 1),
          option('Ökotopia', 1),
        ],
        'releases.styles.name': [option(null, 2), option('Jazz', 2), option('Rock', 1)],
        'profile.city': [option(null, 2), option('Bergen', 1), option('Oslo', 1)],
      },
    });
  });

  it('selects across two to-many relations and across the inverse one-to-one, each pane counted under the other', async () => {
    expect(await answer({ 'searchPanes[releases.styles.name][0]': 'Rock' })).toMatchObject({
      ids: [1],
      options: {
        'releases.styles.name': [option(null, 2), option('Jazz', 2), option('Rock', 1)],
        'profile.city': [option(null, 2, 0), option('Bergen', 1, 0), option('Oslo', 1)],
      },
    });
    expect(
      await answer({ 'searchPanes[profile.city][0]': '', 'searchPanes_null[profile.city][0]': 'true' }),
    ).toMatchObject({
      ids: [2, 3],
      options: {
        'releases.styles.name': [option(null, 2, 1), option('Jazz', 2, 1), option('Rock', 1, 0)],
        'profile.city': [option(null, 2), option('Bergen', 1), option('Oslo', 1)],
      },
    });
    expect(
      await answer({
        'searchPanes[releases.styles.name][0]': '',
        'searchPanes_null[releases.styles.name][0]': 'true',
        'searchPanes[releases.styles.name][1]': 'Rock',
        'searchPanes[profile.city][0]': 'Bergen',
      }),
    ).toMatchObject({ ids: [4], filtered: 1 });
  });
});
