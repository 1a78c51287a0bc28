import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startDemo, type DemoClient, type DemoServer } from './support/demo-server.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the wire (compressed when `content-encoding` says so). */
  body: Buffer;
}

/** A GET that leaves the body as sent: fetch would decompress it and hide the bytes transferred. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

// Compression and caching do not depend on the database: SQLite only.
describe('the demo’s static assets: compressed, versioned URLs cached for good (SQLite)', () => {
  let server: DemoServer;
  let admin: DemoClient;
  let albumsHtml: string;

  beforeAll(async () => {
    server = await startDemo('sqlite');
    admin = server.client();
    await admin.signIn('admin');
    albumsHtml = await (await admin.get('/albums', { accept: 'text/html' })).text();
  });

  afterAll(() => server?.close());

  /** The asset URLs a page loads (stylesheets and scripts). */
  const assetUrls = (html: string) => [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);

  it('names every stylesheet and script of a page by a URL carrying its content version', () => {
    const urls = assetUrls(albumsHtml);
    expect(urls).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/widgetlib\/widgetlib\.min\.js\?v=/)]),
    );
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) expect(url).toMatch(/\?v=[0-9a-f]{16}$/);
  });

  it('caches a versioned asset for a year (immutable); the same file without its version is revalidated', async () => {
    for (const url of assetUrls(albumsHtml)) {
      const versioned = await admin.get(url);
      expect({ url, status: versioned.status, cache: versioned.headers.get('cache-control') }).toEqual({
        url,
        status: 200,
        cache: 'public, max-age=31536000, immutable',
      });
    }
    const demoCss = assetUrls(albumsHtml).find((url) => url.startsWith('/assets/demo.css?'))!;
    for (const stale of ['/assets/demo.css', '/assets/demo.css?v=0000000000000000', `${demoCss}0`]) {
      const answer = await admin.get(stale);
      expect({ stale, status: answer.status, cache: answer.headers.get('cache-control') }).toEqual({
        stale,
        status: 200,
        cache: 'no-cache',
      });
      expect(answer.headers.get('etag')).toBeTruthy();
    }
  });

  it('sends the page itself revalidated, never cached for good', async () => {
    const page = await admin.get('/albums', { accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control') ?? '').not.toMatch(/immutable|max-age=[1-9]/);
  });

  it('sends scripts, stylesheets and the page compressed with Brotli or gzip, as the browser accepts', async () => {
    const script = assetUrls(albumsHtml).find((url) => url.startsWith('/assets/widgetlib/widgetlib.min.js?'))!;
    const plain = await rawGet(`${server.baseUrl}${script}`, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await rawGet(`${server.baseUrl}${script}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    const brotli = await rawGet(`${server.baseUrl}${script}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const page = await rawGet(`${server.baseUrl}/albums`, {
      accept: 'text/html',
      'accept-encoding': 'gzip',
      cookie: admin.cookieHeader(),
    });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString('utf8')).toContain('<table');
  });

  it('answers the parts widgetlib.min.js loads on first use at the versioned URLs it asks for, cached for good', async () => {
    const script = assetUrls(albumsHtml).find((url) => url.startsWith('/assets/widgetlib/widgetlib.min.js?'))!;
    const bundle = await (await admin.get(script)).text();
    // The build writes each part's version (`?v=`) into the bundle: `{"help-text":"<16 hex digits>",bulk:"…",…}`.
    const parts = [...bundle.matchAll(/"?([a-z-]+)"?:"([0-9a-f]{16})"/g)].map(([, name, version]) => ({
      name,
      version,
    }));
    expect(parts.map(({ name }) => name).sort()).toEqual([
      'bulk',
      'export',
      'help-authoring',
      'help-text',
      'inline-editing',
      'live',
      'remote-select',
      'saved-views',
    ]);
    for (const { name, version } of parts) {
      const part = await admin.get(`/assets/widgetlib/widgetlib.${name}.min.js?v=${version}`);
      expect(part.status).toBe(200);
      expect(part.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await part.text()).toContain('widgetlibChunks');
    }
  });
});
