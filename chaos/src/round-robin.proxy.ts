import { createServer, request, type Server } from 'node:http';

/** The load balancer of the two-instance run: each request to the next instance, in turn. */
export class RoundRobinProxy {
  private next = 0;
  private readonly server: Server;

  private constructor(private readonly targets: URL[]) {
    this.server = createServer((incoming, outgoing) => {
      const target = this.targets[this.next++ % this.targets.length]!;
      const forwarded = request(
        {
          host: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, host: target.host },
        },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => {
        if (!outgoing.headersSent) outgoing.writeHead(502);
        outgoing.end();
      });
      incoming.pipe(forwarded);
    });
  }

  static async start(targets: string[]): Promise<RoundRobinProxy> {
    const proxy = new RoundRobinProxy(targets.map((target) => new URL(target)));
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
