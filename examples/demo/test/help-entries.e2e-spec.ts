import { DataSource } from 'typeorm';
import { Help, HelpRevision } from '@widgetlib/nest';
import { describeEachDatabase } from '@widgetlib/test-support/test-databases.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

// The help entries page reads its table from a read-only list and writes only through the
// library's help API: the demo has no second write path that would skip the history, If-Match or
// the limits.
describeEachDatabase('demo help entries', (kind) => {
  let server: DemoServer;
  let admin: DemoClient;
  let token: string;
  const ENTRY = { id_view: 'help:admin', question_name: 'notes', help_title: 'Notes', help_text: '<p>Hi</p>' };
  const DEEP = `${'<span>'.repeat(5_000)}deep${'</span>'.repeat(5_000)}`;

  beforeAll(async () => {
    server = await startDemo(kind);
    admin = server.client();
    token = await admin.signIn('admin');
  });

  afterAll(() => server?.close());

  const dataSource = () => server.app.get(DataSource);
  const stored = () =>
    dataSource()
      .getRepository(Help)
      .find({ order: { id: 'ASC' } });
  const revisions = () => dataSource().getRepository(HelpRevision).count();
  const send = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    admin.json(method, path, body, { 'x-csrf-token': token, ...headers });

  it("lists the entries for the page's table, each row's actions pointing at the help API", async () => {
    const response = await admin.get('/api/help-entries/?draw=2&length=5');
    expect(response.status).toBe(200);
    const envelope = (await response.json()) as {
      draw: number;
      recordsTotal: number;
      data: Array<Record<string, unknown>>;
    };
    expect(envelope).toMatchObject({ draw: 2, recordsTotal: (await stored()).length });
    expect(envelope.data).toHaveLength(5);
    for (const row of envelope.data) {
      const url = `/api/help/${String(row.id)}/`;
      expect(row.actions).toEqual({ edit_url: url, delete_url: url });
    }
    const posted = await send('POST', '/api/help-entries/query', { draw: '2', length: '5' });
    expect(posted.status).toBe(200);
    expect(await posted.json()).toEqual(envelope);
  });

  it('has no write route beside the help API, whatever the method', async () => {
    const before = await stored();
    const count = await revisions();
    const { id } = before[0]!;
    const attempts: Array<[string, string, unknown]> = [
      ['POST', '/api/help-entries/', { ...ENTRY, help_text: DEEP }],
      ['PUT', `/api/help-entries/${id}/`, { ...ENTRY, help_text: '<b>unrecorded</b>' }],
      ['PUT', `/api/help-entries/${id}`, { ...ENTRY, help_text: '<b>unrecorded</b>' }],
      ['PATCH', `/api/help-entries/${id}/`, { help_title: 'unrecorded' }],
      ['DELETE', `/api/help-entries/${id}/`, undefined],
      ['POST', '/api/help-entries/bulk-delete', { all: 'true' }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await send(method, path, body, { 'if-match': '"1"' });
      expect(`${method} ${path} ${response.status}`).toBe(`${method} ${path} 404`);
    }
    expect(await stored()).toEqual(before);
    expect(await revisions()).toBe(count);
  });

  it('writes as the page does, through the help API: limited, versioned and recorded, restorable once deleted', async () => {
    const deep = await send('POST', '/api/help/', { ...ENTRY, help_text: DEEP });
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { message: string }).message).toBe(
      'help_text must not nest elements more than 100 deep (it nests 5000)',
    );
    const created = await send('POST', '/api/help/', { ...ENTRY, help_text: '<p onclick="x()">Hi</p>' });
    expect(created.status).toBe(201);
    const entry = (await created.json()) as Help;
    expect(entry).toMatchObject({ help_text: '<p>Hi</p>', version: 1 });
    const url = `/api/help/${entry.id}/`;
    expect((await send('PUT', url, { ...ENTRY, help_title: 'Mine' }, { 'if-match': '"1"' })).status).toBe(200);
    expect((await send('PUT', url, { ...ENTRY, help_title: 'Stale' }, { 'if-match': '"1"' })).status).toBe(412);
    expect((await send('DELETE', url, undefined, { 'if-match': '"2"' })).status).toBe(204);

    const deleted = (await (await admin.get('/api/help/deleted/')).json()) as Array<Record<string, unknown>>;
    expect(deleted[0]).toMatchObject({ help_id: entry.id, user: 'admin', before: { help_title: 'Mine', version: 2 } });
    const history = (await (await admin.get(`${url}revisions/`)).json()) as Array<{ action: string; user: string }>;
    expect(history.map(({ action, user }) => `${action} ${user}`)).toEqual([
      'delete admin',
      'update admin',
      'create admin',
    ]);
    const restored = await send('POST', `${url}revisions/${String(deleted[0]!.id)}/restore/`);
    expect(restored.status).toBe(201);
    expect(await restored.json()).toMatchObject({ id: entry.id, help_title: 'Mine', version: 3 });
  });
});
