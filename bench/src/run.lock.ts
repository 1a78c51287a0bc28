import { mkdirSync, openSync, readFileSync, rmSync, writeFileSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

const POLL_MS = 5_000;

function holder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/**
 * One benchmark at a time on this machine: two runs would share its two cores and the benchmark
 * databases, and each would measure the other. Waits while another live run holds `file`; a lock
 * left by a run that has ended is taken over. Released when this process exits.
 */
export async function acquireRunLock(file: string, log: (message: string) => void): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  let reported = false;
  for (;;) {
    try {
      const descriptor = openSync(file, 'wx');
      writeFileSync(descriptor, String(process.pid));
      closeSync(descriptor);
      process.on('exit', () => rmSync(file, { force: true }));
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const pid = holder(file);
    if (pid === null) {
      rmSync(file, { force: true });
      continue;
    }
    if (!reported) log(`Another benchmark run (pid ${pid}) is in progress: waiting for it to finish`);
    reported = true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
