import type { LabelledField } from '../fields/index.js';
import { HelpCoverageReporter, MAX_REPORTED_FIELDS, reportedFields } from './help-coverage-reporter.client.js';
import type { HelpFieldsReport } from '../core/index.js';

const field = (questionName: string, labelText = questionName.trim().toUpperCase()): LabelledField => ({
  label: {} as HTMLLabelElement,
  questionName,
  names: [questionName],
  labelText,
});

/** What the reporter sends for names given as `field(name)`. */
const sentFields = (...names: string[]) => names.map((name) => ({ name, label: name.toUpperCase() }));

/** A Storage over a Map, as sessionStorage behaves. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('reportedFields', () => {
  it('keeps each name once, trimmed and sorted, without empty or overlong names', () => {
    expect(
      reportedFields([field('title'), field(' year '), field('title', 'Other'), field(''), field('x'.repeat(256))]),
    ).toEqual(sentFields('title', 'year'));
  });

  it("sends each field's label as the page shows it, white space folded", () => {
    expect(reportedFields([field('released_on', '  Release\n    date ')])).toEqual([
      { name: 'released_on', label: 'Release date' },
    ]);
  });

  it('stops at the most names the server takes', () => {
    const many = Array.from({ length: MAX_REPORTED_FIELDS + 5 }, (_, index) => field(`f${index}`));
    expect(reportedFields(many)).toHaveLength(MAX_REPORTED_FIELDS);
  });
});

describe('HelpCoverageReporter', () => {
  function reporter(storage: Storage | null, answer: () => Promise<void> = async () => {}) {
    const sent: HelpFieldsReport[] = [];
    const coverage = new HelpCoverageReporter(
      'albums:edit',
      (report) => {
        sent.push(report);
        return answer();
      },
      storage,
      'key',
    );
    return { coverage, sent };
  }

  it('reports a set of fields once per browser session, and again when the set changes', async () => {
    const storage = memoryStorage();
    const first = reporter(storage);
    await first.coverage.report([field('year'), field('title')]);
    await first.coverage.report([field('title'), field('year')]);
    expect(first.sent).toEqual([{ id_view: 'albums:edit', fields: sentFields('title', 'year') }]);

    const nextPage = reporter(storage);
    await nextPage.coverage.report([field('title'), field('year')]);
    expect(nextPage.sent).toEqual([]);
    await nextPage.coverage.report([field('title'), field('year'), field('notes')]);
    expect(nextPage.sent).toEqual([{ id_view: 'albums:edit', fields: sentFields('notes', 'title', 'year') }]);
  });

  it('sends nothing for a page without labelled fields', async () => {
    const { coverage, sent } = reporter(null);
    await coverage.report([]);
    expect(sent).toEqual([]);
  });

  it('tries again after a failed report, and never throws', async () => {
    let fail = true;
    const { coverage, sent } = reporter(memoryStorage(), async () => {
      if (fail) throw new Error('offline');
    });
    await expect(coverage.report([field('title')])).resolves.toBeUndefined();
    fail = false;
    await coverage.report([field('title')]);
    await coverage.report([field('title')]);
    expect(sent).toHaveLength(2);
  });
});
