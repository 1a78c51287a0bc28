import { WidgetLibError } from '../../common/errors/index.js';
import { parseEditorRequest } from './editor-request.parser.js';

function problem(body: unknown): readonly string[] | string {
  try {
    parseEditorRequest(body);
  } catch (error) {
    if (error instanceof WidgetLibError) return error.answer;
    throw error;
  }
  throw new Error('no problem');
}

describe('parseEditorRequest', () => {
  it('reads flat form names, keeping numbered row ids as keys', () => {
    expect(
      parseEditorRequest({
        action: 'edit',
        'data[3][title]': 'Dune',
        'data[3][publisher][id]': '2',
        'data[12][pages]': '9',
      }),
    ).toEqual({
      action: 'edit',
      rows: [
        { key: '3', id: 3, values: { title: 'Dune', publisher: { id: '2' } } },
        { key: '12', id: 12, values: { pages: '9' } },
      ],
    });
  });

  it('reads nested JSON, a create by its indexes, and a create whose rows a form parser made a list', () => {
    expect(parseEditorRequest({ action: 'create', data: { 0: { pages: 3 } } })).toEqual({
      action: 'create',
      rows: [{ key: '0', values: { pages: 3 } }],
    });
    expect(parseEditorRequest({ action: 'create', data: [{ pages: '3' }, { pages: '4' }] })).toMatchObject({
      rows: [{ key: '0' }, { key: '1' }],
    });
  });

  it("reads a remove's ids only, and a refresh's ids[] in either form, once each", () => {
    expect(parseEditorRequest({ action: 'remove', data: { 5: { id: '5', title: 'x' }, 7: {} } })).toEqual({
      action: 'remove',
      ids: [5, 7],
    });
    expect(parseEditorRequest({ action: 'read', 'ids[]': ['4', '2', '4'] })).toEqual({ action: 'read', ids: [4, 2] });
    expect(parseEditorRequest({ action: 'read', ids: ['9'] })).toEqual({ action: 'read', ids: [9] });
  });

  it("turns Editor's many-count of an emptied list into the empty list, and drops it otherwise", () => {
    expect(parseEditorRequest({ action: 'edit', data: { 1: { 'tags-many-count': '0' } } })).toMatchObject({
      rows: [{ values: { tags: [] } }],
    });
    expect(
      parseEditorRequest({ action: 'edit', data: { 1: { tags: [{ id: '3' }], 'tags-many-count': '1' } } }),
    ).toMatchObject({ rows: [{ values: { tags: [{ id: '3' }] } }] });
  });

  it('leaves parameters starting with _ to the host', () => {
    expect(parseEditorRequest({ action: 'read', ids: ['1'], _csrf: 't', _: '123' })).toEqual({
      action: 'read',
      ids: [1],
    });
  });

  it('names each problem of a submission that does not follow the protocol', () => {
    expect(problem('x')).toEqual(['the body must hold Editor parameters (action, data), form-encoded or as JSON']);
    expect(problem({ action: 'upload' })).toEqual(['action must be one of create, edit, remove, read']);
    expect(problem({ action: 'edit', data: { 0: { a: '1' } } })).toEqual([
      'data[0] must name rows by their id, a positive integer no greater than 2147483647',
    ]);
    expect(problem({ action: 'edit', data: { 1: 'x' } })).toEqual([
      'data[1] must be an object of fields: data[1][<field>]',
    ]);
    expect(problem({ action: 'edit', data: [{ a: '1' }] })[0]).toMatch(/^data arrived as a list/);
    expect(problem({ action: 'edit', 'data[1]title': 'x' })).toEqual([
      'data[1]title is not a well-formed parameter name (expected data[name][...])',
    ]);
    expect(problem({ action: 'edit', data: { 1: {} }, 'data[1][a]': 'x' })).toEqual([
      'data is given both nested and as data[...] names',
    ]);
    expect(problem({ action: 'remove', data: {} })).toEqual(['data names no row']);
    expect(problem({ action: 'read', ids: Array.from({ length: 1001 }, (_, i) => String(i + 1)) })).toEqual([
      'ids[]: at most 1000 rows per submission',
    ]);
    expect(problem({ action: 'edit', data: { 1: { 'tags-many-count': 'x' } } })).toEqual([
      'data[1][tags-many-count] must be a count of items',
    ]);
  });
});
