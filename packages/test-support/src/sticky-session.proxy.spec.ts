import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { STICKY_COOKIE, StickySessionProxy } from './sticky-session.proxy.js';

/** An upstream that says which one it is; `/events` writes one event and keeps the answer open. */
function upstream(name: string, closed: string[]): Promise<Server> {
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (incoming.url === '/events') {
      outgoing.writeHead(200, { 'content-type': 'text/event-stream' });
      outgoing.write(`event: ready\ndata: "${name}"\n\n`);
      outgoing.on('close', () => closed.push(name));
      return;
    }
    outgoing.end(name);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`;

describe('StickySessionProxy', () => {
  const closed: string[] = [];
  let servers: Server[];
  let proxy: StickySessionProxy;

  beforeAll(async () => {
    servers = [await upstream('zero', closed), await upstream('one', closed)];
    proxy = await StickySessionProxy.start(servers.map(urlOf));
  });

  afterAll(async () => {
    await proxy.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('pins a browser to the instance its cookie names, and gives one without it the next in turn, with the cookie', async () => {
    const get = (cookie?: string) => fetch(`${proxy.baseUrl}/page`, { headers: cookie ? { cookie } : {} });
    for (const instance of [1, 1, 0, 1]) {
      expect(await (await get(`a=b; ${STICKY_COOKIE}=${instance}`)).text()).toBe(instance ? 'one' : 'zero');
    }
    const first = await get();
    const second = await get();
    expect([await first.text(), await second.text()]).toEqual(['zero', 'one']);
    expect(first.headers.get('set-cookie')).toContain(`${STICKY_COOKIE}=0; Path=/`);
    expect(second.headers.get('set-cookie')).toContain(`${STICKY_COOKIE}=1; Path=/`);
    // A cookie naming no instance counts as none.
    expect((await get(`${STICKY_COOKIE}=7`)).headers.get('set-cookie')).toContain(`${STICKY_COOKIE}=0`);
    expect(proxy.servedBy(1, '/page')).toHaveLength(4);
  });

  it('passes an event on while its answer is still open, and closes the upstream request when the client leaves', async () => {
    const chunk = await new Promise<string>((resolve, reject) => {
      const req = request(`${proxy.baseUrl}/events`, { headers: { cookie: `${STICKY_COOKIE}=1` } }, (response) => {
        expect(response.headers['content-type']).toBe('text/event-stream');
        response.setEncoding('utf8');
        response.once('data', (data: string) => {
          req.destroy();
          resolve(data);
        });
      });
      req.on('error', reject);
      req.end();
    });
    expect(chunk).toBe('event: ready\ndata: "one"\n\n');
    const until = Date.now() + 2000;
    while (!closed.includes('one') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toEqual(['one']);
  });
});
