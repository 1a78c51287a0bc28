import { DataSource } from 'typeorm';
import { Album } from '../src/catalogue/album.entity.js';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

/** The policy's directives by name. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split(/\s+/)[0]!, part.slice(part.indexOf(' ') + 1)]),
  );
}

// The headers do not depend on the database: SQLite only.
describe('the demo’s security headers (SQLite)', () => {
  let server: DemoServer;
  let admin: DemoClient;
  let albumId: number;

  beforeAll(async () => {
    server = await startDemo('sqlite');
    admin = server.client();
    await admin.signIn('admin');
    const [album] = await server.app
      .get(DataSource)
      .getRepository(Album)
      .find({ order: { id: 'ASC' }, take: 1 });
    albumId = album!.id;
  });

  afterAll(() => server?.close());

  it('sends them with every answer: pages, redirects, API, static files, errors', async () => {
    const anonymous = server.client();
    const html = { accept: 'text/html' };
    const answers: Array<[what: string, response: Response]> = [
      ['sign-in page', await anonymous.get('/sign-in', html)],
      ['redirect to sign in', await anonymous.get('/albums', html)],
      ['API refusal', await anonymous.get('/api/albums/')],
      ['static file', await anonymous.get('/assets/demo.css')],
      ['missing static file', await anonymous.get('/assets/no-such-file.js')],
      ['unknown route', await anonymous.get('/no-such-page', html)],
      ['refused sign-in', await anonymous.postForm('/sign-in', { username: 'admin', password: 'admin' })],
      ['signed-in page', await admin.get('/albums', html)],
      ['signed-in API', await admin.get('/api/albums/')],
      ['write without CSRF token', await admin.json('DELETE', `/api/albums/${albumId}`, undefined)],
    ];
    for (const [what, response] of answers) {
      const headers = Object.fromEntries(
        ['x-content-type-options', 'x-frame-options', 'referrer-policy', 'x-powered-by'].map((name) => [
          name,
          response.headers.get(name),
        ]),
      );
      expect({ what, ...headers }).toEqual({
        what,
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        'x-powered-by': null,
      });
      const policy = directives(response.headers.get('content-security-policy') ?? '');
      expect(`${what}: ${policy.get('frame-ancestors')}`).toBe(`${what}: 'none'`);
      expect(`${what}: ${policy.get('script-src')}`).toMatch(
        new RegExp(`^${what}: 'self' 'nonce-[A-Za-z0-9+/]+={0,2}'$`),
      );
      expect(`${what}: ${policy.get('style-src')}`).toBe(`${what}: 'self'`);
      expect(`${what}: ${policy.get('object-src')}`).toBe(`${what}: 'none'`);
      expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-(inline|eval|hashes)/);
    }
  });

  it.each(['/sign-in', '/albums', '/albums/new', 'album edit form', '/help-entries'])(
    'serves %s with no inline script but its nonced one, and no inline style or event attribute',
    async (path) => {
      const page = path === 'album edit form' ? `/albums/${albumId}/edit` : path;
      const response = await admin.get(page, { accept: 'text/html' });
      expect(response.status).toBe(200);
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      const kinds = scripts.map(([, attributes, content]) => {
        if (/^ type="application\/json" id="[\w-]+"$/.test(attributes!)) return 'data';
        if (/^ src="\/assets\/[^"]+"$/.test(attributes!) && content === '') return 'file';
        if (attributes === ` nonce="${nonce}"`) return 'nonced';
        return `inline: <script${attributes}>`;
      });
      expect(kinds.filter((kind) => kind.startsWith('inline'))).toEqual([]);
      // The layout's pages have their date formats script; the sign-in page has no script at all.
      expect(kinds.filter((kind) => kind === 'nonced')).toHaveLength(path === '/sign-in' ? 0 : 1);
      // Outside the scripts' text (JSON data), no markup that the policy would refuse.
      const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '<script></script>');
      expect(markup).not.toMatch(/<style\b/i);
      expect(markup.match(/<[^>]*\s(style|on[a-z]+)\s*=[^>]*>/gi) ?? []).toEqual([]);
      expect(markup).not.toMatch(/javascript:/i);
    },
  );

  it('gives each answer its own nonce', async () => {
    const nonces = new Set<string>();
    for (let request = 0; request < 5; request++) {
      const response = await admin.get('/albums', { accept: 'text/html' });
      const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      expect(await response.text()).toContain(`<script nonce="${nonce}">document.date_format`);
      nonces.add(nonce!);
    }
    expect(nonces.size).toBe(5);
  });
});
