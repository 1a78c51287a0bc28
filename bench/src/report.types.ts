import type { BundleSize } from './client-bundle.size.js';
import type { KeysetRun } from './keyset.runner.js';
import type { LoadResult } from './load.runner.js';
import type { MachineInfo } from './machine.info.js';
import type { Implementation } from './implementations.js';
import type { Scenario } from './scenarios.js';

export type DatabaseName = 'postgres' | 'sqlite';

export interface ScenarioRun {
  database: DatabaseName;
  scenario: Scenario;
  implementation: Implementation;
  /** `absent`: not in this build; `failed`: not a 200; `differs`: not the reference answer (not timed). */
  status: 'timed' | 'absent' | 'failed' | 'differs';
  problem: string | null;
  statements: number | null;
  /** Median time of the single sequential answers (before the load run). */
  probeMs: number | null;
  load: LoadResult | null;
  /** CPU time of the application's process per answered request during the load run (user and system), in ms. */
  appCpuMs: number | null;
}

export interface LoadCheck {
  scenario: Scenario;
  implementation: Implementation;
  load: LoadResult;
}

export interface Report {
  mode: 'full' | 'quick';
  /** The code measured (`@widgetlib/nest` is built from the working tree by `npm run bench`). */
  code: string;
  timing: {
    runs: Record<DatabaseName, { rounds: number; seconds: number }>;
    warmUpSeconds: number[];
    amountSeconds: number;
    maxAmount: number;
    cap: number;
  };
  command: string;
  finishedAt: Date;
  seconds: number;
  machine: MachineInfo;
  /** People in each database's data. */
  people: Record<DatabaseName, number>;
  datasets: Record<DatabaseName, string>;
  runs: ScenarioRun[];
  /** The keyset row: pages by offset and by cursor. */
  keyset: KeysetRun[];
  loadChecks: LoadCheck[];
  loadCheckNote: string | null;
  bundles: BundleSize[];
  explainFile: string | null;
}
