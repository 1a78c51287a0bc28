import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

let source: string | undefined;

/**
 * axe-core's findings on `page` as it is now, one line per violated rule: its id, impact and the
 * selectors of the failing nodes. axe is evaluated through the DevTools protocol, which the page's
 * Content-Security-Policy does not govern.
 */
export async function axeViolations(page: Page, tags: string[] = WCAG_21_AA): Promise<string[]> {
  source ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(source);
  const results = await page.evaluate(
    (values) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: { type: 'tag', values }, resultTypes: ['violations'] },
      ),
    tags,
  );
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
