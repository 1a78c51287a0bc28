import { DataSource } from 'typeorm';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { Artist } from '../src/catalogue/artist.entity.js';
import { Genre } from '../src/catalogue/genre.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

// Pairs where a wildcard or an escape taken as such would match the second name too.
const ARTISTS = [
  'Zq100% Live',
  'Zq1000 Live',
  'Zqsnake_case',
  'Zqsnakeycase',
  'Zqback\\slash',
  'Zqbackslash',
  'Zqhey!',
  'Zqhey',
];
const GENRES = ['Zq_genre%', 'Zqxgenre%', 'Zqxgenre'];

describeEachDatabase('demo option searches', (kind) => {
  let server: DemoServer;
  let viewer: DemoClient;

  beforeAll(async () => {
    server = await startDemo(kind);
    const dataSource = server.app.get(DataSource);
    await dataSource.getRepository(Artist).insert(ARTISTS.map((name) => ({ name, country: 'Norway' })));
    await dataSource.getRepository(Genre).insert(GENRES.map((name) => ({ name })));
    viewer = server.client();
    await viewer.signIn('viewer');
  });

  afterAll(() => server?.close());

  async function options(path: string, term: string): Promise<string[]> {
    const response = await viewer.get(`${path}?term=${encodeURIComponent(term)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as Array<{ value: number; text: string }>).map((option) => option.text);
  }

  it.each([
    ['zq100%', ['Zq100% Live']],
    ['zqsnake_c', ['Zqsnake_case']],
    ['zqback\\s', ['Zqback\\slash']],
    ['zqhey!', ['Zqhey!']],
    ['  ZQSNAKE ', ['Zqsnake_case', 'Zqsnakeycase']],
    ['zq%', []],
  ])('artists matching %j', async (term, expected) => {
    expect(await options('/artists/options', term)).toEqual(expected);
  });

  it.each([
    ['zq_genre%', ['Zq_genre%']],
    ['GENRE%', ['Zq_genre%', 'Zqxgenre%']],
    ['zqxgenre', ['Zqxgenre', 'Zqxgenre%']],
  ])('genres matching %j', async (term, expected) => {
    expect(await options('/genres/options', term)).toEqual(expected);
  });

  it('lists the first 20 options without a term', async () => {
    expect(await options('/artists/options', '')).toHaveLength(20);
  });
});
