import {
  HISTORY_CHANGES_MAX_BYTES,
  HISTORY_VALUE_MAX_LENGTH,
  changesBetween,
  stateBefore,
  type HistoryField,
} from './history-changes.writer.js';

const FIELDS: HistoryField[] = [
  { name: 'title', kind: 'value' },
  { name: 'tracks', kind: 'value' },
  { name: 'artist', kind: 'value' },
  { name: 'password', kind: 'value' },
  { name: 'genres', kind: 'many' },
];

const album = { title: 'Blue', tracks: 10, artist: 1, password: 'h1', genres: [1, 2] };

describe('changesBetween', () => {
  it('names only the fields that changed, with their values before and after, in the order of the fields', () => {
    const changes = changesBetween(album, { ...album, tracks: 11, title: 'Blue (remastered)' }, FIELDS);
    expect(changes).toEqual([
      { field: 'title', before: 'Blue', after: 'Blue (remastered)' },
      { field: 'tracks', before: 10, after: 11 },
    ]);
  });

  it('answers no change for equal snapshots, to-many keys in another order included', () => {
    expect(changesBetween(album, { ...album, genres: [2, 1] }, FIELDS)).toEqual([]);
  });

  it('records a to-many field as the keys it gained and lost', () => {
    expect(changesBetween(album, { ...album, genres: [2, 3, 4] }, FIELDS)).toEqual([
      { field: 'genres', added: [3, 4], removed: [1] },
    ]);
  });

  it('records a creation from null and a deletion to null, leaving out empty fields', () => {
    const created = { ...album, artist: null, genres: [] };
    expect(changesBetween(null, created, FIELDS)).toEqual([
      { field: 'title', before: null, after: 'Blue' },
      { field: 'tracks', before: null, after: 10 },
      { field: 'password', before: null, after: 'h1' },
    ]);
    expect(changesBetween(album, null, FIELDS)).toContainEqual({ field: 'genres', added: [], removed: [1, 2] });
    expect(changesBetween(album, null, FIELDS)).toContainEqual({ field: 'artist', before: 1, after: null });
  });

  it('names a secret field as changed without its values, and says nothing when it did not change', () => {
    const secret = new Set(['password', 'genres']);
    expect(changesBetween(album, { ...album, password: 'h2', genres: [3] }, FIELDS, secret)).toEqual([
      { field: 'password', omitted: 'secret' },
      { field: 'genres', omitted: 'secret' },
    ]);
    expect(changesBetween(album, { ...album, tracks: 1 }, FIELDS, secret)).toEqual([
      { field: 'tracks', before: 10, after: 1 },
    ]);
  });

  it('keeps no values of a field too long to keep, nor of any field when the whole revision is too long', () => {
    const long = 'x'.repeat(HISTORY_VALUE_MAX_LENGTH);
    expect(changesBetween(album, { ...album, title: long }, FIELDS)).toEqual([{ field: 'title', omitted: 'too-long' }]);
    const many = Array.from({ length: HISTORY_CHANGES_MAX_BYTES / 4 }, (_, index) => index + 10);
    expect(changesBetween(album, { ...album, tracks: 12, genres: many }, FIELDS)).toEqual([
      { field: 'tracks', omitted: 'too-long' },
      { field: 'genres', omitted: 'too-long' },
    ]);
    // Bytes, not characters: 80 fields of 400 Cyrillic letters are 32,000 characters but 64,000 bytes.
    const wide: HistoryField[] = Array.from({ length: 80 }, (_, index) => ({ name: `f${index}`, kind: 'value' }));
    const letters = Object.fromEntries(wide.map((field) => [field.name, 'ж'.repeat(400)]));
    expect(changesBetween(null, letters, wide).every((change) => 'omitted' in change)).toBe(true);
  });
});

describe('stateBefore', () => {
  it('undoes the revisions newest first: values back to before, to-many keys added removed and removed added', () => {
    const current = { title: 'C', tracks: 3, artist: 2, password: 'h3', genres: [2, 5] };
    const state = stateBefore(current, [
      [{ field: 'title', before: 'B', after: 'C' }],
      [
        { field: 'genres', added: [5], removed: [1] },
        { field: 'password', omitted: 'secret' },
      ],
      [{ field: 'title', before: 'A', after: 'B' }],
    ]);
    expect(state).toEqual({ title: 'A', tracks: 3, artist: 2, password: 'h3', genres: [2, 1] });
  });

  it('answers the current fields when nothing is undone, without changing them', () => {
    const current = { title: 'C', genres: [1] };
    const state = stateBefore(current, []);
    expect(state).toEqual(current);
    expect(state).not.toBe(current);
  });
});
