import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a database server that a test can cut (every open connection reset, new
 * ones refused, as when the server goes away) and restore, on the same port.
 */
export class TcpFaultProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private listeningPort = 0;

  private constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<TcpFaultProxy> {
    const proxy = new TcpFaultProxy(targetHost, targetPort);
    await proxy.listen(0);
    return proxy;
  }

  get port(): number {
    return this.listeningPort;
  }

  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = '127.0.0.1';
    parsed.port = String(this.listeningPort);
    return parsed.toString();
  }

  /** Resets every open connection and refuses new ones until `restore()`. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    if (!this.server) await this.listen(this.listeningPort);
  }

  close(): Promise<void> {
    return this.cut();
  }

  private listen(port: number): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        this.listeningPort = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }
}
