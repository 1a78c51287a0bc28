import { sentVersion } from './editor-row-version.reader.js';

describe('sentVersion', () => {
  it('takes the version field out of the row, as a number from JSON or a text from a form', () => {
    expect(sentVersion({ title: 'A', version: 3 }, 'version')).toEqual({ values: { title: 'A' }, version: 3 });
    expect(sentVersion({ title: 'A', version: '12' }, 'version')).toEqual({ values: { title: 'A' }, version: 12 });
    expect(sentVersion({ rev: '0' }, 'rev')).toEqual({ values: {}, version: 0 });
  });

  it('leaves the row as sent without the field, or when the entity keeps no version', () => {
    expect(sentVersion({ title: 'A' }, 'version')).toEqual({ values: { title: 'A' } });
    expect(sentVersion({ title: 'A', version: 3 }, undefined)).toEqual({ values: { title: 'A', version: 3 } });
  });

  it.each([['abc'], [''], ['-1'], ['1.5'], [-1], [1.5], [null], [[3]], [{}], ['9'.repeat(16)], [Number.NaN]])(
    'marks %j as no version',
    (sent) => {
      expect(sentVersion({ title: 'A', version: sent }, 'version')).toEqual({ values: { title: 'A' }, invalid: true });
    },
  );
});
