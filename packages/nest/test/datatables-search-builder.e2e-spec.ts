import { Controller, Get } from '@nestjs/common';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import {
  Column,
  Entity,
  JoinTable,
  ManyToMany,
  PrimaryGeneratedColumn,
  Repository,
  type Relation,
  type SelectQueryBuilder,
} from 'typeorm';
import { DataTable, type DataTableOptions } from '../src/index.js';
import { createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';

@Entity('fixture_sb_tag')
class Tag {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 40 })
  label!: string;
}

@Entity('fixture_sb_track')
class Track {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 60 })
  title!: string;

  /** Empty text, null and values, to tell "empty" from "null". */
  @Column({ type: 'varchar', length: 60, nullable: true })
  subtitle!: string | null;

  @Column({ type: 'int', nullable: true })
  plays!: number | null;

  @ManyToMany(() => Tag)
  @JoinTable({ name: 'fixture_sb_track_tags' })
  tags!: Relation<Tag[]>;
}

const TRACK_TABLE: DataTableOptions<Track> = {
  orderingFields: ['id'],
  defaultOrdering: ['id'],
  filters: {
    title: ['exact', 'icontains'],
    subtitle: ['exact', 'icontains', 'isnull'],
    plays: ['exact', 'gte', 'lte', 'range', 'isnull'],
    tags__label: ['exact', 'icontains', 'isnull'],
  },
  maxPageSize: 100,
};

@Controller('tracks')
class TracksController {
  constructor(@InjectRepository(Track) private readonly tracks: Repository<Track>) {}

  @Get()
  @DataTable(TRACK_TABLE)
  list(): SelectQueryBuilder<Track> {
    return this.tracks.createQueryBuilder('track').leftJoinAndSelect('track.tags', 'tag');
  }

  @Get('few')
  @DataTable({ ...TRACK_TABLE, limits: { maxCriteria: 2, maxCriteriaDepth: 1 } })
  few(): SelectQueryBuilder<Track> {
    return this.tracks.createQueryBuilder('track');
  }
}

const TRACKS: { title: string; subtitle: string | null; plays: number | null; tags: string[] }[] = [
  { title: 'Intro', subtitle: '', plays: 10, tags: ['rock', 'live'] },
  { title: '100% Proof', subtitle: null, plays: null, tags: [] },
  { title: 'snake_case', subtitle: 'Edit', plays: 3, tags: ['Rock'] },
  { title: 'Back\\slash', subtitle: 'LİVE take', plays: 0, tags: ['jazz', 'rock', 'live'] },
  { title: 'İstanbul', subtitle: 'live', plays: 7, tags: ['jazz'] },
  { title: 'KELVIN \u212a', subtitle: 'Radio edit', plays: 12, tags: ['live'] },
];

describeEachDatabase('SearchBuilder and ColumnControl requests', (kind) => {
  let testApp: TestApp;
  let server: App;

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      entities: [Tag, Track],
      imports: [TypeOrmModule.forFeature([Track])],
      controllers: [TracksController],
    });
    server = testApp.app.getHttpServer() as App;
    const tags = new Map<string, Tag>();
    for (const label of ['rock', 'Rock', 'live', 'jazz']) {
      tags.set(label, await testApp.dataSource.getRepository(Tag).save({ label }));
    }
    for (const track of TRACKS) {
      await testApp.dataSource
        .getRepository(Track)
        .save({ ...track, tags: track.tags.map((label) => tags.get(label)!) });
    }
  });

  afterAll(() => testApp.close());

  /** The titles a SearchBuilder tree keeps, and the filtered count, which must agree. */
  async function titles(tree: unknown, path = '/tracks'): Promise<string[]> {
    const response = await request(server)
      .get(path)
      .query({ searchBuilder: JSON.stringify(tree), limit: 100 });
    expect(response.status).toBe(200);
    const rows = response.body.data as { title: string }[];
    expect(response.body.recordsFiltered).toBe(rows.length);
    return rows.map((row) => row.title);
  }

  const where = (condition: string, origData: string, ...value: string[]) => ({
    criteria: [{ condition, origData, value }],
    logic: 'AND',
  });

  it('filters as the equivalent column filter does, where it used to answer every row', async () => {
    const filtered = await request(server).get('/tracks').query({ tags__label: 'rock', limit: 100 });
    expect(await titles(where('=', 'tags.label', 'rock'))).toEqual(
      (filtered.body.data as { title: string }[]).map((row) => row.title),
    );
    expect(await titles(where('=', 'tags.label', 'rock'))).toEqual(['Intro', 'Back\\slash']);
  });

  it('tells null and empty text apart from values, and negates to every other row', async () => {
    expect(await titles(where('null', 'subtitle'))).toEqual(['Intro', '100% Proof']);
    expect(await titles(where('!null', 'subtitle'))).toEqual([
      'snake_case',
      'Back\\slash',
      'İstanbul',
      'KELVIN \u212a',
    ]);
    expect(await titles(where('null', 'plays'))).toEqual(['100% Proof']);
    expect(await titles(where('!=', 'plays', '10'))).toEqual([
      '100% Proof',
      'snake_case',
      'Back\\slash',
      'İstanbul',
      'KELVIN \u212a',
    ]);
    expect(await titles(where('!contains', 'subtitle', 'edit'))).toEqual([
      'Intro',
      '100% Proof',
      'Back\\slash',
      'İstanbul',
    ]);
  });

  it('matches starts and ends ignoring case for all of Unicode, with % _ \\ taken literally', async () => {
    expect(await titles(where('starts', 'title', '100%'))).toEqual(['100% Proof']);
    expect(await titles(where('starts', 'title', '100_'))).toEqual([]);
    expect(await titles(where('ends', 'title', '_CASE'))).toEqual(['snake_case']);
    expect(await titles(where('contains', 'title', 'k\\s'))).toEqual(['Back\\slash']);
    // A term written decomposed (an i, then a combining dot above): SQLite's fold drops the lone
    // mark and finds İstanbul; PostgreSQL's unaccent or translate() and the UCA collations keep it.
    expect(await titles(where('starts', 'title', 'i̇stan'))).toEqual(kind === 'sqlite' ? ['İstanbul'] : []);
    expect(await titles(where('starts', 'title', 'istan'))).toEqual(['İstanbul']);
    expect(await titles(where('ends', 'title', 'k'))).toEqual(['KELVIN \u212a']);
    expect(await titles(where('starts', 'subtitle', 'live'))).toEqual(['Back\\slash', 'İstanbul']);
  });

  it('keeps each row once across a to-many relation, under OR and negation', async () => {
    const tree = {
      criteria: [
        { condition: 'contains', origData: 'tags.label', value: ['o'] },
        { condition: '=', origData: 'tags.label', value: ['live'] },
      ],
      logic: 'OR',
    };
    expect(await titles(tree)).toEqual(['Intro', 'snake_case', 'Back\\slash', 'KELVIN \u212a']);
    expect(await titles(where('!=', 'tags.label', 'jazz'))).toEqual([
      'Intro',
      '100% Proof',
      'snake_case',
      'KELVIN \u212a',
    ]);
    expect(await titles(where('null', 'tags.label'))).toEqual(['100% Proof']);
  });

  it('reads ColumnControl searches and lists on their columns', async () => {
    const response = await request(server).get('/tracks').query({
      'columns[0][data]': 'subtitle',
      'columns[0][columnControl][search][value]': 'LIVE',
      'columns[0][columnControl][search][logic]': 'equal',
      'columns[0][columnControl][search][type]': 'text',
      'columns[1][data]': 'plays',
      'columns[1][columnControl][list][0]': '7',
      'columns[1][columnControl][list][1]': '12',
      'columns[1][columnControl][list][2]': '',
    });
    expect(response.status).toBe(200);
    expect((response.body.data as { title: string }[]).map((row) => row.title)).toEqual(['İstanbul']);
  });

  it('refuses a malformed tree with a 400 naming the part and echoing draw, and bounds its size', async () => {
    const refused = await request(server)
      .get('/tracks')
      .query({ draw: 4, searchBuilder: JSON.stringify(where('starts', 'plays', '1')) });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      draw: 4,
      message: [
        'searchBuilder[criteria][0]: plays cannot be searched with "starts"; allowed for it: =, !=, <, <=, >, >=, between, !between, null, !null',
      ],
    });
    const deep = { criteria: [where('=', 'plays', '1')], logic: 'OR' };
    expect(
      (
        await request(server)
          .get('/tracks/few')
          .query({ searchBuilder: JSON.stringify(deep) })
      ).body.message,
    ).toEqual(['searchBuilder[criteria][0]: groups may be nested at most 1 deep']);
    const many = {
      criteria: [1, 2, 3].map((plays) => ({ condition: '=', origData: 'plays', value: [String(plays)] })),
    };
    expect(
      (
        await request(server)
          .get('/tracks/few')
          .query({ searchBuilder: JSON.stringify(many) })
      ).body.message,
    ).toEqual([
      'searchBuilder[criteria][2]: at most 2 SearchBuilder criteria and ColumnControl searches are allowed in one request',
    ]);
  });
});
