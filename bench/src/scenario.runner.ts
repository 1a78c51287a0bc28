import type pg from 'pg';
import {
  loadPlan,
  QUIET_LIMIT_MS,
  VERY_SLOW_ANSWER_MS,
  WARM_UP_SECONDS,
  type BenchSettings,
} from './bench.settings.js';
import type { BenchServer } from './bench-server.js';
import { checkAnswers, VARYING_SAMPLES } from './identity.check.js';
import { IMPLEMENTATIONS, type Implementation } from './implementations.js';
import { joinRuns, runLoad, type LoadResult } from './load.runner.js';
import { log } from './log.js';
import { waitForQuietMachine } from './machine.quiet.js';
import type { DatabaseName, ScenarioRun } from './report.types.js';
import { requestSequence, type Scenario } from './scenarios.js';
import { explain, probe } from './statement.probe.js';

/** The implementations whose statements are explained: the reference, and widgetlib as a host gets it. */
const EXPLAINED: readonly Implementation[] = ['sql', 'widgetlib'];

export interface ScenarioContext {
  database: DatabaseName;
  server: BenchServer;
  settings: BenchSettings;
  /** PostgreSQL: the session that explains each request's statements into `explains`. */
  explainClient: pg.Client | null;
  explains: string[];
  /** Time only these implementations (all when absent); the others get no row. */
  onlyImplementations?: readonly Implementation[];
}

export async function runScenarios(context: ScenarioContext, list: Scenario[]): Promise<ScenarioRun[]> {
  const { database, server, settings, explainClient, explains, onlyImplementations } = context;
  const chosen = onlyImplementations
    ? IMPLEMENTATIONS.filter((implementation) => onlyImplementations.includes(implementation))
    : IMPLEMENTATIONS;
  const runs: ScenarioRun[] = [];
  for (const scenario of list) {
    const present = chosen.filter((implementation) => server.implementations.includes(implementation));
    const nextPaths = new Map(
      present.map((implementation) => [implementation, requestSequence(scenario, implementation)] as const),
    );
    const { answerMs, problems, answered } = await checkAnswers(
      server,
      nextPaths,
      scenario.varies ? VARYING_SAMPLES : 1,
    );
    /** The implementations to time, with their probe's figures, in the order of the first round. */
    const toTime: {
      implementation: Implementation;
      statements: number;
      probeMs: number;
    }[] = [];
    for (const implementation of chosen) {
      if (!present.includes(implementation)) {
        runs.push({
          database,
          scenario,
          implementation,
          status: 'absent',
          problem: null,
          statements: null,
          probeMs: null,
          load: null,
          appCpuMs: null,
        });
        continue;
      }
      const problem = problems.get(implementation) ?? null;
      const probeRequests = (answerMs.get(implementation) ?? 0) > VERY_SLOW_ANSWER_MS ? 1 : 3;
      const nextPath = nextPaths.get(implementation)!;
      const probed = await probe(server, nextPath, probeRequests);
      if (explainClient && EXPLAINED.includes(implementation)) {
        explains.push(
          `## ${scenario.id} ${scenario.title}: ${implementation}`,
          '',
          `GET ${probed.firstPath}`,
          '',
          await explain(explainClient, probed.firstRequest),
          '',
        );
      }
      if (problem) {
        log(`${database} ${scenario.id} ${implementation}: NOT TIMED, ${problem}`);
        runs.push({
          database,
          scenario,
          implementation,
          status: answered.has(implementation) ? 'differs' : 'failed',
          problem,
          statements: probed.statements,
          probeMs: probed.medianMs,
          load: null,
          appCpuMs: null,
        });
        continue;
      }
      toTime.push({ implementation, statements: probed.statements, probeMs: probed.medianMs });
    }

    // Rounds run the implementations in turn, every other round in reverse order, so that a drift of
    // the machine during the scenario weighs on each alike. A fixed-number run (slow answers) runs once.
    const loads = new Map<Implementation, { runs: LoadResult[]; cpuMicroseconds: number }>();
    for (let round = 0; round < settings.runs[database].rounds; round += 1) {
      for (const { implementation, probeMs } of round % 2 === 0 ? toTime : [...toTime].reverse()) {
        const plan = loadPlan(probeMs, database, settings);
        if (round > 0 && plan.duration === null) continue;
        const nextPath = nextPaths.get(implementation)!;
        // A scenario whose requests vary takes the next one for every request; the others send one path.
        const path = scenario.varies ? nextPath : nextPath();
        const waited = await waitForQuietMachine(QUIET_LIMIT_MS);
        if (waited >= QUIET_LIMIT_MS)
          log(`  the machine was still busy after ${QUIET_LIMIT_MS / 1000} s: timing anyway`);
        if (plan.duration !== null) {
          await runLoad(server.base, path, {
            ...plan,
            duration: WARM_UP_SECONDS[Math.min(round, WARM_UP_SECONDS.length - 1)]!,
          });
          await server.settle();
        }
        const cpuBefore = await server.cpuMicroseconds();
        const load = await runLoad(server.base, path, plan);
        const cpuMicroseconds = (await server.cpuMicroseconds()) - cpuBefore;
        await server.settle();
        const joined = loads.get(implementation) ?? { runs: [], cpuMicroseconds: 0 };
        joined.runs.push(load);
        joined.cpuMicroseconds += cpuMicroseconds;
        loads.set(implementation, joined);
        log(
          `${database} ${scenario.id} ${implementation} (round ${round + 1}): under load p50 ${Math.round(load.p50)} ms, p99 ${Math.round(load.p99)} ms, ` +
            `${load.requestsPerSecond.toFixed(1)} req/s (${load.requests} answers${load.stoppedAtCap ? `, stopped at ${load.plan.cap} s` : ''}), ` +
            `${load.errors} errors${waited >= 2_000 ? `; waited ${Math.round(waited / 1000)} s for a quiet machine first` : ''}`,
        );
      }
    }
    for (const { implementation, statements, probeMs } of toTime) {
      const timed = loads.get(implementation)!;
      const load = joinRuns(timed.runs);
      runs.push({
        database,
        scenario,
        implementation,
        status: 'timed',
        problem: null,
        statements,
        probeMs,
        load,
        appCpuMs: load.requests > 0 ? timed.cpuMicroseconds / 1000 / load.requests : null,
      });
    }
  }
  return runs;
}
