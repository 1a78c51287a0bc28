import fc from 'fast-check';
import type { DatabaseServer } from '../../dialect/index.js';
import { boundValues as bound, WriterContexts } from '../../../test/fixtures/table-sql.fixture.js';
import type { ConditionNode, Predicate } from '../model/index.js';

const contexts = new WriterContexts();
beforeAll(() => contexts.open());
afterAll(() => contexts.close());

const albums = (server?: DatabaseServer) => contexts.albums(server);

describe('ConditionWriter lookups on a column of the listed table (PostgreSQL text)', () => {
  const cases: [string, string, Predicate, string, Record<string, unknown>][] = [
    ['exact number', 'year', { kind: 'equals', value: 1990 }, '"album"."year" = :wl_p0', { wl_p0: 1990 }],
    ['exact text', 'name', { kind: 'equals', value: 'Kid A' }, '"album"."name" = :wl_p0', { wl_p0: 'Kid A' }],
    [
      'range',
      'year',
      { kind: 'between', lower: { value: 1990, inclusive: true }, upper: { value: 2000, inclusive: false } },
      '("album"."year" >= :wl_p0 AND "album"."year" < :wl_p1)',
      { wl_p0: 1990, wl_p1: 2000 },
    ],
    [
      'gt',
      'year',
      { kind: 'between', lower: { value: 1990, inclusive: false }, upper: null },
      '("album"."year" > :wl_p0)',
      { wl_p0: 1990 },
    ],
    [
      'lte',
      'year',
      { kind: 'between', lower: null, upper: { value: 2000, inclusive: true } },
      '("album"."year" <= :wl_p0)',
      { wl_p0: 2000 },
    ],
    [
      'text range, ordered by code point',
      'name',
      { kind: 'between', lower: { value: 'a', inclusive: true }, upper: null },
      '(("album"."name") COLLATE "C" >= :wl_p0)',
      { wl_p0: 'a' },
    ],
    ['in', 'year', { kind: 'oneOf', values: [1, 2] }, '"album"."year" IN (:...wl_p0)', { wl_p0: [1, 2] }],
    ['isnull true', 'sales', { kind: 'isNull', isNull: true }, '"album"."sales" IS NULL', {}],
    ['isnull false', 'sales', { kind: 'isNull', isNull: false }, '"album"."sales" IS NOT NULL', {}],
    ['empty text', 'name', { kind: 'empty' }, `("album"."name" IS NULL OR "album"."name" = '')`, {}],
    ['empty number', 'sales', { kind: 'empty' }, '"album"."sales" IS NULL', {}],
    [
      'icontains',
      'name',
      { kind: 'contains', text: 'kid' },
      `lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!'`,
      { wl_p0: '%kid%' },
    ],
    [
      'istartswith',
      'name',
      { kind: 'contains', text: 'kid', anchor: 'start' },
      `lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!'`,
      { wl_p0: 'kid%' },
    ],
    [
      'iendswith',
      'name',
      { kind: 'contains', text: 'kid', anchor: 'end' },
      `lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!'`,
      { wl_p0: '%kid' },
    ],
    [
      'iexact',
      'name',
      { kind: 'contains', text: 'k_d', anchor: 'whole' },
      `lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p0 AS text))) ESCAPE '!'`,
      { wl_p0: 'k!_d' },
    ],
  ];

  it.each(cases)('%s', (_name, path, predicate, condition, parameters) => {
    const { sql, writer } = albums();
    expect(writer.filter({ path, predicate })).toBe(condition);
    expect(bound(sql)).toEqual(parameters);
  });

  it('binds the value as the column stores it', () => {
    const { sql, writer } = albums('sqlite');
    expect(writer.filter({ path: 'is_live', predicate: { kind: 'equals', value: true } })).toBe(
      '"album"."is_live" = :wl_p0',
    );
    expect(bound(sql)).toEqual({ wl_p0: 1 });
  });

  it('never writes a value into the SQL text', () => {
    const { writer } = albums();
    const condition = writer.filter({ path: 'name', predicate: { kind: 'oneOf', values: ["O'Brien", 'x'] } });
    expect(condition).not.toContain('Brien');
  });
});

describe('ConditionWriter negations', () => {
  it('keeps the rows without a value where the lookup is unknown', () => {
    const { writer } = albums();
    expect(writer.filter({ path: 'year', predicate: { kind: 'equals', value: 1 }, negated: true })).toBe(
      '("album"."year" IS NULL OR NOT "album"."year" = :wl_p0)',
    );
    expect(writer.filter({ path: 'name', predicate: { kind: 'contains', text: 'a' }, negated: true })).toBe(
      `("album"."name" IS NULL OR NOT lower(widgetlib_unaccent(CAST("album"."name" AS text))) LIKE lower(widgetlib_unaccent(CAST(:wl_p1 AS text))) ESCAPE '!')`,
    );
  });

  it('negates isnull and empty, which are never unknown, with NOT alone', () => {
    const { writer } = albums();
    expect(writer.filter({ path: 'sales', predicate: { kind: 'isNull', isNull: true }, negated: true })).toBe(
      'NOT "album"."sales" IS NULL',
    );
    expect(writer.filter({ path: 'name', predicate: { kind: 'empty' }, negated: true })).toBe(
      `NOT ("album"."name" IS NULL OR "album"."name" = '')`,
    );
  });

  it('negates a path across relations as NOT EXISTS over the related rows', () => {
    const { writer } = albums();
    const condition = writer.filter({
      path: 'artist__name',
      predicate: { kind: 'equals', value: 'x' },
      negated: true,
    });
    expect(condition).toBe(
      'NOT EXISTS (SELECT 1 FROM "fx_artist" "wl_e0" WHERE "wl_e0"."name" = :wl_p0 AND "wl_e0"."id" = "album"."artistId")',
    );
  });

  it('writes isnull true across relations as no related row holding a value, and its negation as one', () => {
    const { writer } = albums();
    const none = writer.filter({ path: 'artist__name', predicate: { kind: 'isNull', isNull: true } });
    expect(none).toBe(
      'NOT EXISTS (SELECT 1 FROM "fx_artist" "wl_e0" WHERE "wl_e0"."name" IS NOT NULL AND "wl_e0"."id" = "album"."artistId")',
    );
    const some = writer.filter({ path: 'artist__name', predicate: { kind: 'isNull', isNull: true }, negated: true });
    expect(some).toBe(
      '"album"."artistId" IN (SELECT "wl_e1"."id" FROM "fx_artist" "wl_e1" WHERE "wl_e1"."name" IS NOT NULL)',
    );
  });

  it('writes empty across a to-many relation as no related row holding a non-empty value', () => {
    const { writer } = albums();
    const condition = writer.filter({ path: 'genres__name', predicate: { kind: 'empty' } });
    expect(condition).toMatch(
      /^NOT EXISTS \(SELECT 1 FROM "fx_genre" "wl_e0" INNER JOIN "fx_album_genres" "wl_e0_link"/,
    );
    expect(condition).toContain(`WHERE NOT ("wl_e0"."name" IS NULL OR "wl_e0"."name" = '')`);
  });
});

describe('ConditionWriter SearchBuilder groups', () => {
  const year = (value: number): ConditionNode => ({
    parameter: 'year',
    path: 'year',
    predicate: { kind: 'equals', value },
    negated: false,
  });

  it('joins the members of a group with its logic, nested groups in parentheses', () => {
    const { sql, writer } = albums();
    const tree: ConditionNode = {
      logic: 'and',
      members: [year(1), { logic: 'or', members: [year(2), { ...year(3), negated: true }] }],
    };
    expect(writer.condition(tree)).toBe(
      '("album"."year" = :wl_p0 AND ("album"."year" = :wl_p1 OR ("album"."year" IS NULL OR NOT "album"."year" = :wl_p2)))',
    );
    expect(bound(sql)).toEqual({ wl_p0: 1, wl_p1: 2, wl_p2: 3 });
  });

  it('keeps every row for a group without members, and leaves such groups out of their parent', () => {
    const { writer } = albums();
    expect(writer.condition({ logic: 'and', members: [] })).toBeNull();
    expect(writer.condition({ logic: 'or', members: [{ logic: 'and', members: [] }, year(4)] })).toBe(
      '("album"."year" = :wl_p0)',
    );
  });

  it('writes a to-one path as = ANY(ARRAY()) only in an OR of more than one member', () => {
    const artist: ConditionNode = {
      parameter: 'artist__name',
      path: 'artist__name',
      predicate: { kind: 'equals', value: 'x' },
      negated: false,
    };
    expect(albums().writer.condition({ logic: 'or', members: [artist] })).toMatch(/^\("album"\."artistId" IN \(SELECT/);
    expect(albums().writer.condition({ logic: 'or', members: [artist, year(1)] })).toMatch(
      /^\("album"\."artistId" = ANY\(ARRAY\(SELECT/,
    );
    expect(albums().writer.condition({ logic: 'and', members: [artist, year(1)] })).toMatch(
      /^\("album"\."artistId" IN \(SELECT/,
    );
  });

  it('binds each leaf value once, in order, and is null exactly when no leaf is left (property)', () => {
    const leaf = fc.integer({ min: -1000, max: 1000 }).map((value): ConditionNode => year(value));
    const { tree } = fc.letrec<{ tree: ConditionNode }>((of) => ({
      tree: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.record({
          logic: fc.constantFrom('and' as const, 'or' as const),
          members: fc.array(of('tree'), { maxLength: 4 }),
        }),
      ),
    }));
    const leaves = (node: ConditionNode): number[] =>
      'logic' in node ? node.members.flatMap(leaves) : [(node.predicate as { value: number }).value];
    fc.assert(
      fc.property(tree, (node) => {
        const { sql, writer } = albums();
        const condition = writer.condition(node);
        const values = leaves(node);
        expect(condition === null).toBe(values.length === 0);
        expect(Object.values(bound(sql))).toEqual(values);
        const placeholders = condition?.match(/:wl_p\d+/g) ?? [];
        expect(placeholders).toEqual(values.map((_value, index) => `:wl_p${index}`));
      }),
    );
  });
});
