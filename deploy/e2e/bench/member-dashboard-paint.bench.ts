// First meaningful paint of /member/dashboard on the local stack, measured in headless Chromium:
// a signed-in MEMBER of a church with 1,000 published sermons opens the page in a fresh browser
// context (empty HTTP cache, so the shell, the member bundle and every API answer come over the
// wire). "Meaningful" = the first library card is on screen (a frame after it was inserted).
// Target: < 1,500 ms (median of the runs). Prints; does not assert.
// Run: node bench/member-dashboard-paint.bench.ts   (PAINT_RUNS=5 SERMONS=1000 PAINT_WATERFALL=1)
import { randomUUID } from 'node:crypto';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { assertFrontEndsBuilt, launchBrowser } from '../test/frontend.helpers.ts';
import { startStack } from '../test/stack.helpers.ts';
import { seedOrganization, seedPerson } from '../test/auth.fixtures.ts';
import { signInThroughForm, VISIBLE } from '../test/signin.helpers.ts';

const RUNS = Number(process.env.PAINT_RUNS ?? 5);
const SERMONS = Number(process.env.SERMONS ?? 1000);
const TARGET_MS = 1500;
/** PAINT_WATERFALL=1 prints the last run's resource timing (what the first paint waited for). */
const WATERFALL = process.env.PAINT_WATERFALL === '1';

const CARD_PAINT_PROBE = `
  window.__cardPaint = null;
  new MutationObserver((_, observer) => {
    if (window.__cardPaint === null && document.querySelector('[data-testid="sermon-card"]')) {
      observer.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(() => { window.__cardPaint = performance.now(); }));
    }
  }).observe(document, { childList: true, subtree: true });
`;

assertFrontEndsBuilt();
const stack = await startStack({ sermons: true });
const browser = await launchBrowser();
try {
  const orgId = await seedOrganization(stack, 'Grace Community Church');
  const member = await seedPerson(stack, orgId, 'MEMBER');
  await stack.sermonsDb!.query(
    `insert into sermons (org_id, title, speaker, recorded_on, created_by, status, published_at, duration)
     select $1::uuid, case when g % 3 = 0 then 'Sermon ' || g else 'Faith Forward: Week ' || g end, 'Pastor Ann', date '2020-01-01' + g, $2::uuid, 'PUBLISHED', now(), 1800 + g
     from generate_series(1, $3::int) g`,
    [orgId, randomUUID(), SERMONS],
  );
  // Sign in once through the form; every measured run starts from that session with an empty cache.
  const signIn = await browser.newContext();
  const first = await signIn.newPage();
  await first.goto(`${stack.origin}/login`);
  await signInThroughForm(first, member.email, member.password);
  await first.getByTestId('sermon-card').first().waitFor(VISIBLE);
  const storageState = await signIn.storageState();
  await signIn.close();

  const loadAtStart = loadAverage();
  const paints: number[] = [];
  const contentful: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 900 } });
    await context.addInitScript({ content: CARD_PAINT_PROBE });
    const page = await context.newPage();
    await page.goto(`${stack.origin}/member/dashboard`);
    await page.waitForFunction(() => (globalThis as unknown as { __cardPaint: number | null }).__cardPaint !== null, undefined, { timeout: 30_000 });
    const { card, fcp } = await page.evaluate(() => ({
      card: (globalThis as unknown as { __cardPaint: number }).__cardPaint,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    }));
    paints.push(card);
    contentful.push(fcp);
    if (WATERFALL && run === RUNS - 1) {
      // What the page waited for, in order: resource timing of the last run (ms from navigation start).
      const entries = await page.evaluate(() =>
        (performance.getEntriesByType('resource') as unknown as { name: string; startTime: number; responseEnd: number; encodedBodySize: number }[]).map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize })),
      );
      console.log('waterfall of the last run (start → end ms, encoded bytes):');
      for (const e of entries.sort((a, b) => a.start - b.start)) console.log(`  ${e.start.toFixed(0).padStart(6)} → ${e.end.toFixed(0).padStart(6)}  ${String(e.bytes).padStart(8)}  ${e.name.replace(stack.origin, '')}`);
    }
    await context.close();
  }
  const sorted = [...paints].sort((a, b) => a - b);
  console.log(`/member/dashboard, ${SERMONS} published sermons, ${RUNS} cold-cache runs in headless Chromium; load at start: ${loadAtStart}`);
  console.log(`first library card painted (ms from navigation start): ${paints.map((p) => p.toFixed(0)).join(', ')}; first contentful paint: ${contentful.map((p) => p.toFixed(0)).join(', ')}`);
  console.log(targetLine('member dashboard first meaningful paint (median)', percentile(sorted, 50), 'ms', TARGET_MS));
} finally {
  await browser.close();
  await stack.stop();
}
