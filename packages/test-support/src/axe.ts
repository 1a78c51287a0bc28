import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeCheck {
  /** Only these rules (by id) instead of every WCAG 2.1 A and AA rule. */
  rules?: string[];
  /** Only the elements matching this selector (and what is inside them). */
  include?: string;
}

let source: string | undefined;

/**
 * axe-core's findings on `page` as it is now, one line per violated rule: its id, impact and the
 * selectors of the failing nodes. axe is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<string[]> {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const options: RunOptions = {
    runOnly: check.rules ? { type: 'rule', values: check.rules } : { type: 'tag', values: WCAG_21_AA },
    resultTypes: ['violations'],
  };
  const results = await page.evaluate(
    ([include, runOptions]) =>
      (window as unknown as { axe: { run(context: object, options: object): Promise<AxeResults> } }).axe.run(
        include ? { include: [include] } : document,
        runOptions,
      ),
    [check.include ?? null, options] as const,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
