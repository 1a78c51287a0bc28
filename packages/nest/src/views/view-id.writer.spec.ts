import { defaultNamespace, kebabCase, resolveViewId, validateViewName } from './view-id.writer.js';

describe('kebabCase', () => {
  it.each([
    ['list', 'list'],
    ['editForm', 'edit-form'],
    ['AlbumDetail', 'album-detail'],
    ['editHTMLForm', 'edit-html-form'],
    ['HTMLPage', 'html-page'],
    ['list2Items', 'list2-items'],
    ['snake_case_name', 'snake-case-name'],
  ])('%s -> %s', (input, expected) => {
    expect(kebabCase(input)).toBe(expected);
  });
});

describe('defaultNamespace', () => {
  it('drops the Controller suffix', () => {
    expect(defaultNamespace('AlbumsController')).toBe('albums');
    expect(defaultNamespace('MusicAlbumsController')).toBe('music-albums');
  });

  it('keeps a class name without the suffix, and one that is only the suffix', () => {
    expect(defaultNamespace('Pages')).toBe('pages');
    expect(defaultNamespace('Controller')).toBe('controller');
  });
});

describe('resolveViewId', () => {
  const base = { controllerName: 'AlbumsController', handlerName: 'editForm' };

  it('defaults to <controller>:<handler>', () => {
    expect(resolveViewId(base)).toBe('albums:edit-form');
  });

  it('uses the controller namespace', () => {
    expect(resolveViewId({ ...base, controllerViewName: 'music' })).toBe('music:edit-form');
  });

  it('uses a full handler name as it is', () => {
    expect(resolveViewId({ ...base, controllerViewName: 'music', handlerViewName: 'catalogue:edit' })).toBe(
      'catalogue:edit',
    );
  });

  it('puts a handler url_name into the controller namespace', () => {
    expect(resolveViewId({ ...base, handlerViewName: 'change' })).toBe('albums:change');
    expect(resolveViewId({ ...base, controllerViewName: 'music', handlerViewName: 'change' })).toBe('music:change');
  });
});

describe('validateViewName', () => {
  it('accepts names', () => {
    expect(validateViewName('albums:edit', false)).toBe('albums:edit');
    expect(validateViewName('albums', true)).toBe('albums');
  });

  it.each([[''], ['  '], [' albums'], ['my albums'], [':edit'], ['albums:'], ['a::b'], [42]])('refuses %j', (name) => {
    expect(() => validateViewName(name, false)).toThrow(/@ViewName/);
  });

  it('refuses a namespace with ":" on a controller', () => {
    expect(() => validateViewName('albums:edit', true)).toThrow('namespace without ":"');
  });
});
