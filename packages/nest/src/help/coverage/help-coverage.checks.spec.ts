import { confirmedNames, helpCoverage, parseHelpFieldsReport, reporterKey } from './help-coverage.checks.js';

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

describe('reporters', () => {
  it('keeps a hash of the name, one for every user without a name', () => {
    expect(reporterKey('ann')).toMatch(/^[0-9a-f]{64}$/);
    expect(reporterKey('ann')).not.toBe(reporterKey('Ann'));
    expect(reporterKey(null)).toBe(reporterKey(''));
  });

  it('lists the names that enough distinct users reported', () => {
    const reporters = new Map([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(confirmedNames(reporters, 2)).toEqual(['b', 'c']);
    expect(confirmedNames(reporters, 1)).toEqual(['a', 'b', 'c']);
  });
});
