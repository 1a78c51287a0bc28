import { compareExportEntries, helpEntryKey, parseHelpExport, type HelpExportEntry } from './help-export.format.js';

const entry = (question_name: string, language: string | null): HelpExportEntry => ({
  id_view: 'v',
  question_name,
  language,
  help_title: 'T',
  help_text: '',
});

describe('parseHelpExport', () => {
  const file = (entries: unknown) => ({ format: 'widgetlib-help', schemaVersion: 1, entries });

  it('reads entries as the API reads a body: trimmed, canonical language, help_text optional', () => {
    expect(
      parseHelpExport(file([{ id_view: ' v ', question_name: 'q', help_title: ' T ', language: 'es-cr' }])),
    ).toEqual({ entries: [{ id_view: 'v', question_name: 'q', language: 'es-CR', help_title: 'T', help_text: '' }] });
  });

  it('names every problem of every entry at once', () => {
    expect(parseHelpExport(file([{ id_view: 'v' }, 5]))).toEqual({
      problems: [
        'entries[0].question_name must be a non-empty string',
        'entries[0].help_title must be a non-empty string',
        'entries[1] must be an object',
      ],
    });
  });

  it('refuses more than maxEntries entries before reading any of them', () => {
    const entries = [entry('a', null), entry('b', null), 5];
    expect(parseHelpExport(file(entries), 2)).toEqual({
      problems: [
        "entries: the file has 3 entries, more than the 2 an import takes (the module's helpImport.maxEntries, " +
          "the command's --max-entries)",
      ],
    });
    expect(parseHelpExport(file(entries.slice(0, 2)), 2)).toEqual({ entries: entries.slice(0, 2) });
  });

  it('treats null and an absent language as the same key', () => {
    expect(parseHelpExport(file([entry('q', null), { ...entry('q', null), language: undefined }]))).toEqual({
      problems: ['entries[1] has the id_view, question_name and language of entries[0]'],
    });
  });
});

describe('ordering and keys', () => {
  it('orders by view, field, then language with null first, by code point', () => {
    const entries = [entry('b', null), entry('a', 'es'), entry('a', null), entry('B', null)];
    expect(entries.sort(compareExportEntries).map((e) => `${e.question_name}:${e.language}`)).toEqual([
      'B:null',
      'a:null',
      'a:es',
      'b:null',
    ]);
  });

  it('keys null like the empty language_key', () => {
    expect(helpEntryKey(entry('q', null))).toBe(helpEntryKey({ ...entry('q', null), language: null }));
    expect(helpEntryKey(entry('q', null))).not.toBe(helpEntryKey(entry('q', 'es')));
  });
});
