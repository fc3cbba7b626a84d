// The brief's page checks: no horizontal overflow at 390 px wide.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

/** A new page of `page`'s context (same session), 390 px wide, at `url`. */
async function openAt390(page: Page, url: string): Promise<Page> {
  const narrow = await page.context().newPage();
  await narrow.setViewportSize({ width: 390, height: 844 });
  await narrow.goto(url);
  return narrow;
}

/** Reloads `path` in a 390 px wide viewport of the page's context and asserts nothing overflows sideways. */
export async function assertNoOverflowAt390(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
  const narrow = await openAt390(page, url);
  await ready(narrow);
  await assertNoOverflow(narrow, url);
  await narrow.close();
}

/**
 * Opens `url` in a 390 px wide page, lets `open` bring up a dialog, and asserts the dialog lies
 * inside the window (a dialog's backdrop scrolls by itself, so the page-width check misses it).
 */
export async function assertDialogFitsAt390(page: Page, url: string, open: (page: Page) => Promise<Locator>): Promise<void> {
  const narrow = await openAt390(page, url);
  const dialog = await open(narrow);
  await dialog.waitFor({ state: 'visible' });
  const box = await dialog.boundingBox();
  assert.ok(box, `${url}: the dialog has a box`);
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `${url}: the dialog spans ${Math.round(box.x)}–${Math.round(box.x + box.width)}px in a 390px window`);
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

/**
 * A row of tabs (or any control row) shows every item whole: the row does not scroll inside itself
 * (a scroll container hides its overflow from the page-width check), each item lies inside the row
 * and the window, and no item's text is cut inside it (a button clips what does not fit).
 */
export async function assertRowFits(row: Locator, what: string): Promise<void> {
  const measured = await row.evaluate((el) => {
    type Box = { left: number; right: number };
    type Measured = { scrollWidth: number; clientWidth: number; getBoundingClientRect(): Box; textContent: string | null };
    const root = el as unknown as Measured & { children: ArrayLike<Measured> };
    const box = root.getBoundingClientRect();
    const windowWidth = (globalThis as unknown as { document: { documentElement: { clientWidth: number } } }).document.documentElement.clientWidth;
    return {
      row: { scroll: root.scrollWidth, client: root.clientWidth, left: box.left, right: box.right },
      windowWidth,
      items: Array.from(root.children).map((item) => {
        const { left, right } = item.getBoundingClientRect();
        return { text: (item.textContent ?? '').trim(), scroll: item.scrollWidth, client: item.clientWidth, left, right };
      }),
    };
  });
  assert.ok(measured.row.scroll <= measured.row.client, `${what}: the row is ${measured.row.scroll}px wide inside ${measured.row.client}px (it scrolls)`);
  for (const item of measured.items) {
    const where = `${what}: '${item.text}' spans ${Math.round(item.left)}–${Math.round(item.right)}px`;
    assert.ok(item.left >= measured.row.left - 0.5 && item.right <= measured.row.right + 0.5, `${where}, outside the row (${Math.round(measured.row.left)}–${Math.round(measured.row.right)}px)`);
    assert.ok(item.left >= 0 && item.right <= measured.windowWidth + 0.5, `${where} in a ${measured.windowWidth}px window`);
    assert.ok(item.scroll <= item.client, `${where}: its text needs ${item.scroll}px of ${item.client}px (cut)`);
  }
}

/**
 * On a page taller than the window, the signed-in sidebar runs the page's whole height (no bare
 * strip under it in a full-page view), and scrolled to the bottom its navigation is still in view.
 */
export async function assertSidebarSpansPage(page: Page, what: string): Promise<void> {
  const measure = () =>
    page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { documentElement: { scrollHeight: number; clientHeight: number }; querySelector(s: string): { getBoundingClientRect(): { top: number; bottom: number; height: number } } | null } }).document;
      const aside = doc.querySelector('[data-layout="signed-in"] aside');
      const nav = doc.querySelector('[data-layout="signed-in"] aside nav');
      return { page: doc.documentElement.scrollHeight, window: doc.documentElement.clientHeight, aside: aside?.getBoundingClientRect().height ?? 0, navTop: nav?.getBoundingClientRect().top ?? -1 };
    });
  const before = await measure();
  assert.ok(before.page > before.window, `${what}: the page (${before.page}px) should be taller than the window (${before.window}px) for this check`);
  assert.ok(before.aside >= before.page - 1, `${what}: the sidebar is ${before.aside}px tall on a ${before.page}px page`);
  const scrollTo = (y: number) => page.evaluate((top) => (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, top), y);
  await scrollTo(before.page);
  const after = await measure();
  assert.ok(after.navTop >= 0 && after.navTop < after.window, `${what}: scrolled to the bottom, the navigation is at ${after.navTop}px, out of the window`);
  await scrollTo(0);
}
