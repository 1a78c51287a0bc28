import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseServer } from './database-server.js';
import { DemoClient } from './demo-client.js';
import { DemoInstance } from './demo-instance.js';
import { REQUEST_BOUND_MS } from './fault-run.js';
import { albumBody } from './mixed-load.js';
import { RedisServer } from './redis-server.js';
import { RequestLog } from './request-log.js';

/** Milliseconds an open live table may take to be told of a change, and to reload once Redis is back. */
const NOTICE_MS = 3_000;
const RELOAD_MS = 20_000;

export interface LiveRedisFigures {
  problems: string[];
}

/** The events of one live stream, counted by type as they arrive. */
class StreamEvents {
  readonly counts = new Map<string, number>();
  private readonly controller = new AbortController();

  static async open(client: DemoClient, path: string): Promise<StreamEvents> {
    const events = new StreamEvents();
    const response = await client.stream(path, events.controller.signal);
    if (response.status !== 200 || !response.body) throw new Error(`the live stream answered ${response.status}`);
    void events.read(response.body);
    return events;
  }

  count(type: string): number {
    return this.counts.get(type) ?? 0;
  }

  /** Waits until `type` has been received `times` times, at most `ms`; whether it was. */
  async reached(type: string, times: number, ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (this.count(type) < times && Date.now() < until) await sleep(50);
    return this.count(type) >= times;
  }

  close(): void {
    this.controller.abort();
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    const reader = body.getReader();
    let buffer = '';
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const type = /^event: (.+)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (type) this.counts.set(type, this.count(type) + 1);
        }
      }
    } catch {
      // Closed by the check.
    }
  }
}

/**
 * Live tables while Redis restarts: two instances of the demo share notices through Redis; a live
 * albums table open on the second is told of a change made on the first; then Redis stops, an album
 * changes on the first meanwhile (its notice cannot reach the second), and Redis comes back: the open
 * table must be told to reload exactly once (not left stale, not reloaded again and again).
 */
export async function liveRedisRun(
  server: DatabaseServer,
  database: string,
  ports: [number, number],
  sessionSecret: string,
): Promise<LiveRedisFigures> {
  await server.recreate(database);
  const instances: DemoInstance[] = [];
  let events: StreamEvents | null = null;
  const problems: string[] = [];
  try {
    const env = { REDIS_URL: process.env.CHAOS_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    instances.push(await DemoInstance.start(server.url(database), ports[0], sessionSecret, env));
    instances.push(await DemoInstance.start(server.url(database), ports[1], sessionSecret, env));
    const [writer, reader] = await Promise.all(
      instances.map(async (instance) => {
        const client = new DemoClient(() => instance.baseUrl, new RequestLog(), REQUEST_BOUND_MS);
        await client.signIn('admin');
        return client;
      }),
    );
    const list = await writer!.call('list', 'GET', '/api/albums/?length=1');
    const album = (list.body as { data: Array<{ id: number }> }).data[0]!;
    const rename = async (title: string) => {
      const answer = await writer!.call('rename', 'PUT', `/api/albums/${album.id}/`, albumBody(title));
      if (answer.status !== 200) problems.push(`renaming an album answered ${answer.status}`);
    };
    const stream = await StreamEvents.open(reader!, '/api/live/?tables=albums');
    events = stream;
    if (!(await stream.reached('ready', 1, NOTICE_MS))) problems.push('the live stream never said ready');
    await rename('Live before the restart');
    if (!(await stream.reached('change', 1, NOTICE_MS))) {
      problems.push('a change on one instance did not reach a live table on the other');
    }
    // The write's transaction commits while Redis is down; what follows it (the count cache, the
    // notice) may wait for Redis to come back, so Redis is not kept down until it answers.
    let during: Promise<void> = Promise.resolve();
    await new RedisServer().restart(async () => {
      during = rename('Live during the restart');
      await sleep(1_000);
    });
    await during;
    if (!(await stream.reached('reload', 1, RELOAD_MS))) {
      problems.push('after Redis came back, the live table was not told to reload: it stays stale');
    }
    await sleep(NOTICE_MS);
    if (stream.count('reload') > 1) problems.push(`the live table was told to reload ${stream.count('reload')} times`);
    const shown = await reader!.call('read back', 'GET', `/api/albums/${album.id}/`);
    if ((shown.body as { title?: string }).title !== 'Live during the restart') {
      problems.push('the other instance does not show the change made during the restart');
    }
    for (const instance of instances) if (instance.exited) problems.push(`an instance exited:\n${instance.log()}`);
    return { problems };
  } finally {
    events?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await server.drop(database).catch(() => undefined);
  }
}
