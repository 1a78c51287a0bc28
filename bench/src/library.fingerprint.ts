import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A hash of the built `@widgetlib/nest` the bench application loads. Other work in the same tree can
 * rebuild it during a run; the application loads it again whenever it is restarted, so the harness
 * compares this at every start to know whether all figures measured the same build.
 */
export function libraryFingerprint(): string {
  const distDirectory = dirname(fileURLToPath(import.meta.resolve('@widgetlib/nest')));
  const hash = createHash('sha256');
  const files = (readdirSync(distDirectory, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.js'))
    .sort();
  for (const file of files) {
    hash.update(file);
    hash.update(readFileSync(join(distDirectory, file)));
  }
  return hash.digest('hex').slice(0, 12);
}
