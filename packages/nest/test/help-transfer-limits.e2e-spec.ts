// A help import is bounded: at most helpImport.maxEntries entries (a 400 naming the limit), and while
// it checks and sanitises the file, other requests are answered between chunks, dry run included.
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type { App } from 'supertest/types.js';
import type { Logger } from 'typeorm';
import { Help, HelpRevision } from '../src/index.js';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { asUser, createTestApp, type TestApp } from '@widgetlib/test-support/test-app.js';

const MAX_ENTRIES = 400;
const admin = asUser({
  name: 'admin',
  permissions: ['widgetlib.view_help', 'widgetlib.add_help', 'widgetlib.change_help', 'widgetlib.delete_help'],
});
const reader = asUser({ name: 'reader', permissions: ['widgetlib.view_help'] });
const TEXT = '<p>Some <b>help</b>, <a href="https://example.org/">a link</a> and a list:</p><ul><li>one</li></ul>';

function file(count: number, title = 'Title'): object {
  const entries = Array.from({ length: count }, (_, index) => ({
    id_view: `view-${index % 20}`,
    question_name: `field-${index}`,
    language: null,
    help_title: `${title} ${index}`,
    help_text: TEXT.repeat(4),
  }));
  return { format: 'widgetlib-help', schemaVersion: 1, exportedAt: '2026-01-01T00:00:00.000Z', entries };
}

/** Calls `onRead` once, at the first statement that reads the help entries after `arm()`. */
class FirstHelpRead implements Logger {
  private onRead: (() => void) | null = null;

  arm(onRead: () => void): void {
    this.onRead = onRead;
  }

  logQuery(query: string): void {
    if (!this.onRead || !/^SELECT\b[\s\S]*\bFROM\W+widgetlib_help\W/i.test(query)) return;
    const onRead = this.onRead;
    this.onRead = null;
    onRead();
  }

  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

describeEachDatabase('Help import bounds', (kind) => {
  let testApp: TestApp;
  let server: App;
  const firstRead = new FirstHelpRead();

  beforeAll(async () => {
    testApp = await createTestApp(kind, {
      widgetlib: { helpImport: { maxEntries: MAX_ENTRIES } },
      typeormLogger: firstRead,
      // As the README asks of a host that imports large files through the API.
      beforeInit: (app) => (app as NestExpressApplication).useBodyParser('json', { limit: '5mb' }),
    });
    server = testApp.app.getHttpServer() as App;
  });

  afterAll(() => testApp.close());

  beforeEach(async () => {
    await testApp.dataSource.getRepository(HelpRevision).clear();
    await testApp.dataSource.getRepository(Help).clear();
    await testApp.dataSource
      .getRepository(Help)
      .save({ id_view: 'view-0', question_name: 'field-0', language: null, help_title: 'Old', help_text: '' });
  });

  const stored = async () => ({
    helps: await testApp.dataSource.getRepository(Help).count(),
    revisions: await testApp.dataSource.getRepository(HelpRevision).count(),
  });
  const importFile = (body: object, query = '') => request(server).post(`/help/import/${query}`).set(admin).send(body);

  it('refuses a file of more entries than helpImport.maxEntries with a 400 naming it, and writes nothing', async () => {
    const before = await stored();
    const refused = await importFile(file(MAX_ENTRIES + 1)).expect(400);
    expect(refused.body.message).toEqual([
      `entries: the file has ${MAX_ENTRIES + 1} entries, more than the ${MAX_ENTRIES} an import takes ` +
        "(the module's helpImport.maxEntries, the command's --max-entries)",
    ]);
    await importFile(file(MAX_ENTRIES + 1), '?dry_run=true').expect(400);
    expect(await stored()).toEqual(before);
    const report = await importFile(file(MAX_ENTRIES), '?dry_run=true').expect(200);
    expect(report.body).toEqual({ created: MAX_ENTRIES - 1, updated: 1, unchanged: 0, pruned: 0, dryRun: true });
  });

  it.each([
    ['a dry run', '?dry_run=true'],
    ['an import', ''],
  ])('answers a list of help while %s checks its entries', async (_name, query) => {
    const before = await stored();
    const order: string[] = [];
    let listed: Promise<unknown> | undefined;
    // The import's first read of the entries starts its work; the list is sent then.
    firstRead.arm(() => {
      listed = request(server)
        .get('/help/')
        .query({ id_view: 'view-0' })
        .set(reader)
        .then((response) => {
          expect(response.status).toBe(200);
          order.push('list');
          return response.body;
        });
    });
    const report = await importFile(file(MAX_ENTRIES, 'New'), query).then((response) => {
      order.push('import');
      return response;
    });
    expect(report.status).toBe(200);
    expect(listed).toBeDefined();
    // The list answered while the import checked the file: the entry as it was before.
    expect(await listed).toEqual([expect.objectContaining({ question_name: 'field-0', help_title: 'Old' })]);
    expect(order).toEqual(['list', 'import']);
    const dryRun = query !== '';
    expect(report.body).toEqual({ created: MAX_ENTRIES - 1, updated: 1, unchanged: 0, pruned: 0, dryRun });
    // One revision per entry the import writes, besides the seeded entry's own creation.
    expect(await stored()).toEqual(dryRun ? before : { helps: MAX_ENTRIES, revisions: before.revisions + MAX_ENTRIES });
  });
});
