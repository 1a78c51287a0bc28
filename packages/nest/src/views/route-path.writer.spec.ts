import fc from 'fast-check';
import { fillRoutePath, joinRoutePath } from './route-path.writer.js';

describe('joinRoutePath', () => {
  it.each<[Array<string | undefined>, string]>([
    [[], '/'],
    [['', '/'], '/'],
    [['api', 'albums', ':id'], '/api/albums/:id'],
    [['/api/', '/albums/', '/'], '/api/albums'],
    [[undefined, 'albums', ''], '/albums'],
  ])('%j -> %s', (fragments, expected) => {
    expect(joinRoutePath(...fragments)).toBe(expected);
  });
});

describe('fillRoutePath', () => {
  it('returns a path without parameters as it is', () => {
    expect(fillRoutePath('/albums')).toBe('/albums');
  });

  it('fills named parameters', () => {
    expect(fillRoutePath('/artists/:artistId/albums/:id', { artistId: 3, id: '7' })).toBe('/artists/3/albums/7');
  });

  it('URL-encodes values so they stay one segment', () => {
    expect(fillRoutePath('/tags/:tag', { tag: 'a/b c?d#e&ü' })).toBe('/tags/a%2Fb%20c%3Fd%23e%26%C3%BC');
  });

  it('fills a wildcard segment by segment', () => {
    expect(fillRoutePath('/files/*path', { path: 'docs/a b.txt' })).toBe('/files/docs/a%20b.txt');
    expect(fillRoutePath('/files/*path', { path: ['docs', 'x/y'] })).toBe('/files/docs/x%2Fy');
  });

  it('keeps an optional part only when its parameters are given', () => {
    expect(fillRoutePath('/albums{/:page}', {})).toBe('/albums');
    expect(fillRoutePath('/albums{/:page}', { page: 2 })).toBe('/albums/2');
  });

  it('reads escaped characters and quoted names', () => {
    expect(fillRoutePath('/a\\:b/:"my-id"', { 'my-id': 1 })).toBe('/a:b/1');
  });

  it('refuses a missing parameter, naming it', () => {
    expect(() => fillRoutePath('/albums/:id')).toThrow('route path "/albums/:id" needs the parameter "id"');
  });

  it('refuses a parameter the path does not have', () => {
    expect(() => fillRoutePath('/albums/:id', { id: 1, page: 2 })).toThrow('has no parameter page');
  });

  it('refuses empty values and lists for a single segment', () => {
    expect(() => fillRoutePath('/albums/:id', { id: '' })).toThrow('"id" must not be empty');
    expect(() => fillRoutePath('/albums/:id', { id: ['1', '2'] })).toThrow('one value, not a list');
  });

  it('refuses syntax it cannot fill', () => {
    expect(() => fillRoutePath('/albums/(.*)')).toThrow('does not support');
    expect(() => fillRoutePath('/albums/{:id')).toThrow('unclosed');
  });

  it('gives back the value of any parameter when the path is read back and decoded', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (value) => {
        const path = fillRoutePath('/x/:value/y', { value });
        const segments = path.split('/');
        expect(segments).toHaveLength(4);
        expect(decodeURIComponent(segments[2]!)).toBe(value);
      }),
    );
  });
});
