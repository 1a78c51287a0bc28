import type { DatabaseServer } from './database-server.js';
import { DemoClient } from './demo-client.js';
import { DemoInstance } from './demo-instance.js';
import { REQUEST_BOUND_MS } from './fault-run.js';
import { runWorker } from './mixed-load.js';
import { RequestLog } from './request-log.js';
import { WriteLedger } from './write-ledger.js';
import { RoundRobinProxy } from './round-robin.proxy.js';

const WORKERS = 6;

export interface TwoInstanceFigures {
  requests: number;
  errors: number;
  problems: string[];
}

/** What one instance answers of the shared data: the albums' count and the chaos help entries. */
async function sharedState(client: DemoClient): Promise<string> {
  const albums = await client.call('state', 'GET', '/api/albums/?length=1');
  const helps = await client.call('state', 'GET', '/api/help/?id_view=chaos');
  const entries = (helps.body as Array<{ id: number; help_title: string }>).map(({ id, help_title }) => ({
    id,
    help_title,
  }));
  entries.sort((a, b) => a.id - b.id);
  return JSON.stringify({ recordsTotal: (albums.body as { recordsTotal: number }).recordsTotal, entries });
}

/**
 * Two instances of the demo on one database behind a round-robin proxy, each request of a user to
 * the other instance than the last (sessions and CSRF tokens must hold across them), under the
 * mixed load; afterwards both must answer the same data (the albums' count, which each keeps in the
 * shared count cache, and the help entries).
 */
export async function twoInstanceRun(
  server: DatabaseServer,
  database: string,
  ports: [number, number],
  sessionSecret: string,
  loadMs: number,
): Promise<TwoInstanceFigures> {
  await server.recreate(database);
  const instances: DemoInstance[] = [];
  let proxy: RoundRobinProxy | null = null;
  try {
    // The first applies the migrations and seeds; the second finds them done.
    // The instances share the list counts through Redis, as sessions through the database.
    const env = { REDIS_URL: process.env.CHAOS_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    instances.push(await DemoInstance.start(server.url(database), ports[0], sessionSecret, env));
    instances.push(await DemoInstance.start(server.url(database), ports[1], sessionSecret, env));
    const balancer = await RoundRobinProxy.start(instances.map((instance) => instance.baseUrl));
    proxy = balancer;
    const log = new RequestLog();
    const ledger = new WriteLedger();
    const clients = await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const client = new DemoClient(() => balancer.baseUrl, log, REQUEST_BOUND_MS * 2);
        await client.signIn('admin');
        return client;
      }),
    );
    const until = Date.now() + loadMs;
    await Promise.all(clients.map((client, index) => runWorker(client, index, ledger, until)));
    const failed = log.records.filter((record) => record.status < 200 || record.status >= 300);
    const problems = failed
      .slice(0, 20)
      .map((record) => `two instances: ${record.label} answered ${record.status || 'nothing'} ${record.detail ?? ''}`);
    const states = await Promise.all(
      instances.map(async (instance) => {
        const client = new DemoClient(() => instance.baseUrl, new RequestLog(), REQUEST_BOUND_MS);
        await client.signIn('admin');
        return sharedState(client);
      }),
    );
    if (states[0] !== states[1]) problems.push(`the instances answer different data:\n${states.join('\n')}`);
    for (const instance of instances) if (instance.exited) problems.push(`an instance exited:\n${instance.log()}`);
    return { requests: log.records.length, errors: failed.length, problems };
  } finally {
    await proxy?.close();
    await Promise.all(instances.map((instance) => instance.stop()));
    await server.drop(database).catch(() => undefined);
  }
}
