import type { Page } from 'playwright-core';
import type { DataSource } from 'typeorm';

/** The number a `SELECT COUNT(*) AS n ...` statement answers. */
export async function countOf(dataSource: DataSource, sql: string): Promise<number> {
  const [row] = (await dataSource.query(sql)) as Array<{ n: number | string }>;
  return Number(row!.n);
}

/** Waits until the albums table's information line reads `expected`; a wrong one fails with both texts. */
export async function expectInfo(page: Page, expected: string): Promise<void> {
  await page
    .waitForFunction((text) => document.querySelector('#albums_info')?.textContent === text, expected, {
      timeout: 10_000,
    })
    .catch(() => undefined);
  expect(await page.textContent('#albums_info')).toBe(expected);
}
