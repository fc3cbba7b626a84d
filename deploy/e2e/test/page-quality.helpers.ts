// The brief's page checks: no horizontal overflow at 390 px wide.
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** Reloads `path` in a 390 px wide viewport of the page's context and asserts nothing overflows sideways. */
export async function assertNoOverflowAt390(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const narrow = await page.context().newPage();
  await narrow.setViewportSize({ width: 390, height: 844 });
  await narrow.goto(url);
  await ready(narrow);
  const { scrollWidth, clientWidth } = await narrow.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  assert.ok(scrollWidth <= clientWidth, `${url}: page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
  await narrow.close();
}

/** The page's own width against the viewport (no horizontal overflow). */
export async function assertNoOverflow(page: Page, what: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }).document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  assert.ok(scrollWidth <= clientWidth, `${what}: page is ${scrollWidth}px wide in a ${clientWidth}px viewport`);
}
