import type pg from 'pg';
import { differences, normalizeAnswer, type NormalizedAnswer } from './answer.normalizer.js';
import {
  loadPlan,
  QUIET_LIMIT_MS,
  VERY_SLOW_ANSWER_MS,
  WARM_UP_SECONDS,
  type BenchSettings,
} from './bench.settings.js';
import type { BenchServer } from './bench-server.js';
import { joinRuns, runLoad, type LoadResult } from './load.runner.js';
import { log } from './log.js';
import { waitForQuietMachine } from './machine.quiet.js';
import type { DatabaseName, ScenarioRun } from './report.types.js';
import { IMPLEMENTATIONS, type Implementation } from './implementations.js';
import { requestPath, type Scenario } from './scenarios.js';
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
}

export async function runScenarios(context: ScenarioContext, list: Scenario[]): Promise<ScenarioRun[]> {
  const { database, server, settings, explainClient, explains } = context;
  const runs: ScenarioRun[] = [];
  for (const scenario of list) {
    const path = (implementation: Implementation) => requestPath(scenario, implementation);
    const present = IMPLEMENTATIONS.filter((implementation) => server.implementations.includes(implementation));
    const answers = new Map<Implementation, NormalizedAnswer>();
    const answerMs = new Map<Implementation, number>();
    const problems = new Map<Implementation, string>();
    for (const implementation of present) {
      const answer = await server.get(path(implementation));
      answerMs.set(implementation, answer.ms);
      if (answer.status !== 200)
        problems.set(implementation, `HTTP ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
      else answers.set(implementation, normalizeAnswer(implementation, answer.body));
    }
    const reference = answers.get('sql');
    for (const implementation of present) {
      const answer = answers.get(implementation);
      if (!answer || !reference || implementation === 'sql') continue;
      const difference = differences(reference, answer);
      if (difference) problems.set(implementation, `answer differs from the hand-written SQL: ${difference}`);
    }
    /** The implementations to time, with their probe's figures, in the order of the first round. */
    const toTime: {
      implementation: Implementation;
      statements: number;
      probeMs: number;
      personTagRows: number | null;
    }[] = [];
    for (const implementation of IMPLEMENTATIONS) {
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
          personTagRows: null,
        });
        continue;
      }
      const problem = problems.get(implementation) ?? null;
      const probeRequests = (answerMs.get(implementation) ?? 0) > VERY_SLOW_ANSWER_MS ? 1 : 3;
      const probed = await probe(server, path(implementation), probeRequests);
      let personTagRows: number | null = null;
      if (explainClient && EXPLAINED.includes(implementation)) {
        const explained = await explain(explainClient, probed.firstRequest);
        personTagRows = explained.personTagRows;
        explains.push(
          `## ${scenario.id} ${scenario.title}: ${implementation}`,
          '',
          `GET ${path(implementation)}`,
          '',
          explained.text,
          '',
        );
      }
      if (problem) {
        log(`${database} ${scenario.id} ${implementation}: NOT TIMED, ${problem}`);
        runs.push({
          database,
          scenario,
          implementation,
          status: answers.has(implementation) ? 'differs' : 'failed',
          problem,
          statements: probed.statements,
          probeMs: probed.medianMs,
          load: null,
          appCpuMs: null,
          personTagRows,
        });
        continue;
      }
      toTime.push({ implementation, statements: probed.statements, probeMs: probed.medianMs, personTagRows });
    }

    // Rounds run the implementations in turn, every other round in reverse order, so that a drift of
    // the machine during the scenario weighs on each alike. A fixed-number run (slow answers) runs once.
    const loads = new Map<Implementation, { runs: LoadResult[]; cpuMicroseconds: number }>();
    for (let round = 0; round < settings.runs[database].rounds; round += 1) {
      for (const { implementation, probeMs } of round % 2 === 0 ? toTime : [...toTime].reverse()) {
        const plan = loadPlan(probeMs, database, settings);
        if (round > 0 && plan.duration === null) continue;
        const url = `${server.base}${path(implementation)}`;
        const waited = await waitForQuietMachine(QUIET_LIMIT_MS);
        if (waited >= QUIET_LIMIT_MS)
          log(`  the machine was still busy after ${QUIET_LIMIT_MS / 1000} s: timing anyway`);
        if (plan.duration !== null) {
          await runLoad(url, { ...plan, duration: WARM_UP_SECONDS[Math.min(round, WARM_UP_SECONDS.length - 1)]! });
          await server.settle();
        }
        const cpuBefore = await server.cpuMicroseconds();
        const load = await runLoad(url, plan);
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
    for (const { implementation, statements, probeMs, personTagRows } of toTime) {
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
        personTagRows,
      });
    }
  }
  return runs;
}
