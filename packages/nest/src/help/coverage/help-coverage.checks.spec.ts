import { confirmedNames, helpCoverage, parseHelpFieldsReport, reporterKey } from './help-coverage.checks.js';

describe('helpCoverage', () => {
  it('lists registered views even without fields, and views known only from fields or entries', () => {
    expect(
      helpCoverage(
        ['b:form', 'a:form'],
        [
          { id_view: 'a:form', question_name: 'x', label: 'Ex' },
          { id_view: 'c:form', question_name: 'y', label: null },
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
        labels: { x: 'Ex' },
        with_help: [{ question_name: 'z', languages: [null, 'es'] }],
        without_help: ['x'],
      },
      { id_view: 'b:form', registered: true, labels: {}, with_help: [], without_help: [] },
      { id_view: 'c:form', registered: false, labels: {}, with_help: [], without_help: ['y'] },
    ]);
  });
});

describe('parseHelpFieldsReport', () => {
  it('trims and drops repeats', () => {
    expect(parseHelpFieldsReport({ id_view: ' v ', fields: ['a', ' a', 'b'] })).toEqual({
      id_view: 'v',
      fields: ['a', 'b'],
      labels: {},
    });
  });

  it('takes each field by name, or by name and its label on the page (white space folded)', () => {
    expect(
      parseHelpFieldsReport({
        id_view: 'v',
        fields: [
          { name: 'released_on', label: ' Release\n  date ' },
          { name: '__proto__', label: 'Odd name' },
          { name: 'notes' },
          { name: 'blank', label: '  ' },
          'title',
        ],
      }),
    ).toEqual({
      id_view: 'v',
      fields: ['released_on', '__proto__', 'notes', 'blank', 'title'],
      labels: JSON.parse('{"released_on":"Release date","__proto__":"Odd name"}') as Record<string, string>,
    });
  });

  it.each([[{ name: '' }], [{ name: 'a', label: 3 }], [{ name: 'a', extra: 1 }], [null], [['a']]])(
    'refuses the field %j',
    (field) => {
      expect(parseHelpFieldsReport({ id_view: 'v', fields: [field] })).toEqual({
        problems: [expect.stringContaining('fields must be an array of at most 500 non-empty strings')],
      });
    },
  );
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
