import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseServer } from './database-server.js';
import { DemoClient, NO_ANSWER } from './demo-client.js';
import { DemoInstance } from './demo-instance.js';
import { ALBUM_VALUE, HELP_VALUE, runWorker } from './mixed-load.js';
import { RequestLog } from './request-log.js';
import { WriteLedger, type StoredRow } from './write-ledger.js';

/** The longest any request may take, faults included (the demo's pool gives up connecting after 5 s). */
export const REQUEST_BOUND_MS = 10_000;
/** How soon after a fault ends the app must answer normally again. */
const RECOVERY_LIMIT_MS = 10_000;
/** After recovery, requests that were already waiting on the fault may still answer 503. */
const GRACE_MS = REQUEST_BOUND_MS;
const WORKERS = 8;

export interface InjectedFault {
  name: string;
  startedAt: number;
  endedAt: number;
  recoveryMs: number;
}

export interface RunFigures {
  name: string;
  requests: number;
  acknowledgedWrites: number;
  lostWrites: string[];
  faults: InjectedFault[];
  longestMs: number;
  otherServerErrors: number;
  /** Answers of 503 (allowed while a fault lasts). */
  unavailable: number;
  problems: string[];
}

export interface RunSettings {
  server: DatabaseServer;
  database: string;
  port: number;
  sessionSecret: string;
  loadMs: number;
}

/** Polls the first page of the albums until it answers 200; answers how long that took. */
async function recovery(probe: DemoClient, since: number): Promise<number> {
  for (;;) {
    const answer = await probe.call('recovery probe', 'GET', '/api/albums/?length=1');
    if (answer.status === 200) return Date.now() - since;
    if (Date.now() - since > RECOVERY_LIMIT_MS) return Number.POSITIVE_INFINITY;
    await sleep(100);
  }
}

async function inject(name: string, action: () => Promise<unknown>, probe: DemoClient): Promise<InjectedFault> {
  const startedAt = Date.now();
  await action();
  const endedAt = Date.now();
  return { name, startedAt, endedAt, recoveryMs: await recovery(probe, endedAt) };
}

/** Problems of the request log: answers other than 2xx (503 allowed only around a fault), slow requests. */
function requestProblems(
  name: string,
  log: RequestLog,
  faults: InjectedFault[],
): { problems: string[]; otherServerErrors: number } {
  const problems: string[] = [];
  let otherServerErrors = 0;
  // A request counts as hit by a fault when any part of it falls within the fault or its recovery.
  const inFault = (startedAt: number, ms: number) =>
    faults.some(
      (fault) => startedAt + ms >= fault.startedAt && startedAt <= fault.endedAt + fault.recoveryMs + GRACE_MS,
    );
  for (const record of log.records) {
    const what = `${name}: ${record.label} at +${record.startedAt - (log.records[0]?.startedAt ?? 0)} ms${
      record.detail ? ` (${record.detail})` : ''
    }`;
    if (record.ms > REQUEST_BOUND_MS) problems.push(`${what} took ${record.ms} ms`);
    if (record.status === NO_ANSWER) problems.push(`${what} got no answer`);
    else if (record.status === 503 && !inFault(record.startedAt, record.ms))
      problems.push(`${what} answered 503 outside a fault`);
    else if (record.status >= 500 && record.status !== 503) {
      otherServerErrors += 1;
      problems.push(`${what} answered ${record.status}`);
    } else if (record.status >= 300 && record.status !== 503) problems.push(`${what} answered ${record.status}`);
  }
  return { problems, otherServerErrors };
}

/**
 * The demo on a fresh database of `server` under the mixed load for `loadMs`, while the app's
 * sessions are ended once and the server is restarted once; then every acknowledged write is
 * checked against the database.
 */
export async function faultRun(settings: RunSettings): Promise<RunFigures> {
  const { server, database, loadMs } = settings;
  await server.recreate(database);
  const demo = await DemoInstance.start(server.url(database), settings.port, settings.sessionSecret);
  try {
    const log = new RequestLog();
    const ledger = new WriteLedger();
    const client = () => new DemoClient(() => demo.baseUrl, log, REQUEST_BOUND_MS * 2);
    const clients = await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        const each = client();
        await each.signIn('admin');
        return each;
      }),
    );
    const probe = client();
    await probe.signIn('admin');
    const started = Date.now();
    const until = started + loadMs;
    const load = Promise.all(clients.map((each, index) => runWorker(each, index, ledger, until)));
    const faults: InjectedFault[] = [];
    await sleep(loadMs * 0.25);
    faults.push(await inject(`${server.name} sessions ended`, () => server.endSessions(database), probe));
    await sleep(Math.max(0, started + loadMs * 0.55 - Date.now()));
    faults.push(await inject(`${server.name} restarted`, () => server.restart(), probe));
    await load;

    const helps = await server.query<StoredRow>(
      database,
      `SELECT id, ${HELP_VALUE} AS value FROM widgetlib_help WHERE id_view = 'chaos'`,
    );
    // A deleted album waits in the trash (its deleted_at set): deleted as far as the ledger goes.
    const albums = await server.query<StoredRow>(
      database,
      `SELECT id, ${ALBUM_VALUE} AS value FROM album WHERE ${ALBUM_VALUE} LIKE 'album w%' AND deleted_at IS NULL`,
    );
    const { problems, otherServerErrors } = requestProblems(server.name, log, faults);
    for (const fault of faults) {
      if (!Number.isFinite(fault.recoveryMs)) problems.push(`no normal answer within 10 s after ${fault.name}`);
    }
    if (demo.exited) problems.push(`the demo on ${server.name} exited:\n${demo.log()}`);
    else if (otherServerErrors > 0) problems.push(`the demo on ${server.name} logged:\n${demo.errors()}`);
    return {
      name: server.name,
      requests: log.records.length,
      acknowledgedWrites: ledger.acknowledgedWrites,
      lostWrites: [...ledger.lost('help', helps), ...ledger.lost('album', albums)],
      faults,
      longestMs: log.longestMs,
      otherServerErrors,
      unavailable: log.records.filter((record) => record.status === 503).length,
      problems,
    };
  } finally {
    await demo.stop();
    await server.drop(database).catch(() => undefined);
  }
}
