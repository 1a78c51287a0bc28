import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The cookie naming the instance a browser is pinned to, as a sticky load balancer's. */
export const STICKY_COOKIE = 'widgetlib-instance';

/** A request the proxy passed on: to which instance (its index), and what. */
export interface ProxiedRequest {
  instance: number;
  method: string;
  path: string;
}

/**
 * A reverse proxy in front of several instances of an app, sticky as load balancers are: a browser
 * whose `widgetlib-instance` cookie names an instance (its index) always reaches that one; one
 * without it gets the next instance in turn, and the cookie. Answers are streamed as they come
 * (Server-Sent Events included: nothing is buffered), and a client that leaves closes its request
 * to the instance. Every request is recorded, so that a test can tell which instance served what.
 */
export class StickySessionProxy {
  readonly served: ProxiedRequest[] = [];
  private next = 0;
  private readonly server: Server;

  private constructor(private readonly targets: URL[]) {
    this.server = createServer((incoming, outgoing) => this.forward(incoming, outgoing));
  }

  static async start(targets: string[]): Promise<StickySessionProxy> {
    const proxy = new StickySessionProxy(targets.map((target) => new URL(target)));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** The requests instance `instance` served whose path starts with `prefix`. */
  servedBy(instance: number, prefix = '/'): ProxiedRequest[] {
    return this.served.filter((entry) => entry.instance === instance && entry.path.startsWith(prefix));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private pick(incoming: IncomingMessage): { instance: number; assigned: boolean } {
    const named = new RegExp(`(?:^|;\\s*)${STICKY_COOKIE}=(\\d+)`).exec(incoming.headers.cookie ?? '')?.[1];
    const instance = named === undefined ? NaN : Number(named);
    if (instance >= 0 && instance < this.targets.length) return { instance, assigned: false };
    return { instance: this.next++ % this.targets.length, assigned: true };
  }

  private forward(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const { instance, assigned } = this.pick(incoming);
    const target = this.targets[instance]!;
    this.served.push({ instance, method: incoming.method ?? 'GET', path: incoming.url ?? '/' });
    const forwarded = request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        // The browser's Host is kept, as a reverse proxy configured for an app behind it does.
        headers: { ...incoming.headers, 'x-forwarded-for': incoming.socket.remoteAddress ?? '' },
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (assigned) {
          const sticky = `${STICKY_COOKIE}=${instance}; Path=/; HttpOnly; SameSite=Lax`;
          headers['set-cookie'] = [...(answer.headers['set-cookie'] ?? []), sticky];
        }
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        outgoing.flushHeaders();
        answer.pipe(outgoing);
        answer.on('error', () => outgoing.destroy());
      },
    );
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  }
}
