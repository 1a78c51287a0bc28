import { entityTag, IF_MATCH_FORMAT, parseIfMatch, versionMeets } from './version-condition.parser.js';

describe('parseIfMatch', () => {
  it.each([
    [undefined, undefined],
    ['*', { kind: 'any' }],
    [' * ', { kind: 'any' }],
    ['"3"', { kind: 'versions', versions: [3] }],
    ['"3", "4" ,"5"', { kind: 'versions', versions: [3, 4, 5] }],
    [['"3"', '"7"'], { kind: 'versions', versions: [3, 7] }],
    // Weak tags and tags that are no version of ours are valid syntax that matches nothing.
    ['W/"3"', { kind: 'versions', versions: [] }],
    ['"abc", "0", "03", "3"', { kind: 'versions', versions: [3] }],
  ])('reads %j', (header, condition) => {
    expect(parseIfMatch(header)).toEqual(condition);
  });

  it.each(['3', '', '"3', '"3" "4"', '*, "3"', 'w/"3"'])('names the format for the malformed %j', (header) => {
    expect(parseIfMatch(header)).toBe(IF_MATCH_FORMAT);
  });
});

describe('versionMeets', () => {
  it('meets no condition, any, and a listed version only', () => {
    expect(versionMeets(undefined, 2)).toBe(true);
    expect(versionMeets({ kind: 'any' }, 2)).toBe(true);
    expect(versionMeets({ kind: 'versions', versions: [1, 2] }, 2)).toBe(true);
    expect(versionMeets({ kind: 'versions', versions: [1] }, 2)).toBe(false);
    expect(versionMeets({ kind: 'versions', versions: [] }, 2)).toBe(false);
  });

  it('tags a version as a strong entity tag', () => {
    expect(entityTag(12)).toBe('"12"');
  });
});
