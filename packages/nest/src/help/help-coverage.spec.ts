import { helpCoverage, parseHelpFieldsReport } from './help-coverage.js';

describe('helpCoverage', () => {
  it('lists registered views even without fields, and views known only from fields or entries', () => {
    expect(
      helpCoverage(
        ['b:form', 'a:form'],
        [
          { id_view: 'a:form', question_name: 'x' },
          { id_view: 'c:form', question_name: 'y' },
        ],
        [
          { id_view: 'a:form', question_name: 'z', language: 'es' },
          { id_view: 'a:form', question_name: 'z', language: null },
        ],
      ),
    ).toEqual([
      {
        id_view: 'a:form',
        registered: true,
        with_help: [{ question_name: 'z', languages: [null, 'es'] }],
        without_help: ['x'],
      },
      { id_view: 'b:form', registered: true, with_help: [], without_help: [] },
      { id_view: 'c:form', registered: false, with_help: [], without_help: ['y'] },
    ]);
  });
});

describe('parseHelpFieldsReport', () => {
  it('trims and drops repeats', () => {
    expect(parseHelpFieldsReport({ id_view: ' v ', fields: ['a', ' a', 'b'] })).toEqual({
      id_view: 'v',
      fields: ['a', 'b'],
    });
  });
});
