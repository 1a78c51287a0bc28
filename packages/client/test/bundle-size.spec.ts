import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SCRIPT_CHUNKS } from '../scripts/script-chunks.mjs';

// `npm test` builds the packages first (scripts/run.mjs), so dist/ holds what this commit builds.
const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

/** Issue 29: what every reader loads, besides DataTables and jQuery. */
const CORE_BUDGET_GZIP_BYTES = 60 * 1024;

const gzipBytes = (file: string) => gzipSync(readFileSync(resolve(dist, file)), { level: 9 }).length;

describe('the <script> bundle', () => {
  it(`dist/widgetlib.min.js is at most ${CORE_BUDGET_GZIP_BYTES / 1024} KB gzip`, () => {
    expect(gzipBytes('widgetlib.min.js')).toBeLessThanOrEqual(CORE_BUDGET_GZIP_BYTES);
  });

  it('leaves the parts loaded on first use out of the bundle, each in its own file next to it', () => {
    const bundle = readFileSync(resolve(dist, 'widgetlib.min.js'), 'utf8');
    for (const { name } of SCRIPT_CHUNKS) {
      expect(existsSync(resolve(dist, `widgetlib.${name}.min.js`))).toBe(true);
    }
    // Each library a part brings stays out of the bundle: DOMPurify, Tom Select.
    expect(bundle).not.toContain('DOMPurify');
    expect(bundle).not.toContain('tomselected');
  });
});
