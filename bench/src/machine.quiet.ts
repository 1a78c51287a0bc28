import { readFileSync } from 'node:fs';

/** Below this share of busy CPU time over a second, the machine counts as quiet. */
const QUIET_SHARE = 0.1;
const SAMPLE_MS = 1_000;

interface CpuTimes {
  busy: number;
  total: number;
}

/** The machine's CPU time so far from /proc/stat (Linux); null elsewhere. */
function cpuTimes(): CpuTimes | null {
  let stat: string;
  try {
    stat = readFileSync('/proc/stat', 'utf8');
  } catch {
    return null;
  }
  const [user, nice, system, idle, iowait, irq, softirq, steal] = stat
    .split('\n')[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const values = [user, nice, system, idle, iowait, irq, softirq, steal].map((value) => value ?? 0);
  const total = values.reduce((sum, value) => sum + value, 0);
  return { busy: total - values[3]! - values[4]!, total };
}

/**
 * Waits until the machine's CPUs are quiet (under 10 % busy over a second), at most `limitMs`, and
 * returns how long it waited. What a heavy run leaves behind (the database finishing its work, the
 * kernel writing back temporary files) would otherwise be charged to the next run.
 */
export async function waitForQuietMachine(limitMs: number): Promise<number> {
  const started = performance.now();
  let before = cpuTimes();
  if (!before) return 0;
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
    const after = cpuTimes()!;
    const total = after.total - before.total;
    if (total > 0 && (after.busy - before.busy) / total < QUIET_SHARE) break;
    before = after;
  }
  return performance.now() - started;
}
