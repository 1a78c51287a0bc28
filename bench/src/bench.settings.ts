import type { LoadPlan } from './load.runner.js';
import type { DatabaseName } from './report.types.js';

/**
 * How long a run times what. `runs`: how a fast answer is timed per database. On PostgreSQL, where
 * the targets are read, in several short runs per implementation taken in turn (every other round in
 * reverse order), so that a drift of the machine during a scenario weighs on each implementation alike.
 */
export interface BenchSettings {
  postgresPeople: number;
  postgresDatabase: string;
  /** The most requests of a fixed-number run (answers slower than `SLOW_ANSWER_MS`). */
  maxAmount: number;
  /** Seconds of two cores' work a fixed-number run is sized for. */
  amountSeconds: number;
  /** Seconds after which a fixed-number run is stopped. */
  cap: number;
  /** Seconds of the load check. */
  loadSeconds: number;
  runs: Record<DatabaseName, { rounds: number; seconds: number }>;
}

/** 100 000 people on PostgreSQL and short runs: a check that everything runs, with rough figures. */
const QUICK_SETTINGS: BenchSettings = {
  postgresPeople: 100_000,
  postgresDatabase: 'widgetlib_bench_quick',
  maxAmount: 32,
  amountSeconds: 10,
  cap: 20,
  loadSeconds: 15,
  runs: { postgres: { rounds: 2, seconds: 3 }, sqlite: { rounds: 1, seconds: 3 } },
};

/**
 * Sized so that 9 scenarios x 5 implementations on both databases take under 30 minutes on two
 * cores, data preparation included: three runs of 3 s per fast implementation on PostgreSQL, three
 * of 2 s on SQLite (one run of 5 s let a drift of the machine between the SQL's run and widgetlib's
 * move their ratio by a third), about 15 s of the slow ones' work (stopped at 30 s), a load check
 * of 30 s per scenario.
 */
const FULL_SETTINGS: BenchSettings = {
  postgresPeople: 1_000_000,
  postgresDatabase: 'widgetlib_bench',
  maxAmount: 32,
  amountSeconds: 15,
  cap: 30,
  loadSeconds: 30,
  runs: { postgres: { rounds: 3, seconds: 3 }, sqlite: { rounds: 3, seconds: 2 } },
};

export function benchSettings(quick: boolean): BenchSettings {
  return quick ? QUICK_SETTINGS : FULL_SETTINGS;
}

export const SQLITE_PEOPLE = 100_000;
export const CONNECTIONS = 16;
export const LOAD_CHECK_CONNECTIONS = 64;
/** Answers slower than this are timed with a fixed number of requests rather than a duration. */
export const SLOW_ANSWER_MS = 200;
/** Answers slower than this are probed once rather than three times (statements per request included). */
export const VERY_SLOW_ANSWER_MS = 2_000;
/** What a fixed-number run may assume of the machine: two cores answering at once. */
const PARALLEL_ANSWERS = 2;
/** The longest a timed run waits for the machine to be quiet. */
export const QUIET_LIMIT_MS = 60_000;
/**
 * Seconds of unmeasured load before each timed run of fast answers, so that every implementation is
 * timed warm (the JIT compiler settles over a few hundred requests): longer before an
 * implementation's first run of a scenario than before its later ones.
 */
export const WARM_UP_SECONDS = [3, 1];

/**
 * Issue 8: 16 connections; answers slower than 200 ms get a fixed number of requests, as many as
 * fit in about `amountSeconds` (at least one per connection), stopped at `cap` seconds whatever.
 */
export function loadPlan(probeMs: number, database: DatabaseName, settings: BenchSettings): LoadPlan {
  if (probeMs <= SLOW_ANSWER_MS)
    return { connections: CONNECTIONS, duration: settings.runs[database].seconds, amount: null, cap: null };
  const fitting = Math.round((settings.amountSeconds * 1000 * PARALLEL_ANSWERS) / probeMs);
  const amount = Math.min(settings.maxAmount, Math.max(CONNECTIONS, fitting));
  return { connections: CONNECTIONS, duration: null, amount, cap: settings.cap };
}
