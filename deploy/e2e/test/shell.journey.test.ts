// Through the one origin: the shell mounts each area from its remote at run time.
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { assertFrontEndsBuilt, launchBrowser, repoRoot, screenshot, startEdge } from './frontend.helpers.ts';
import { assertNoOverflow } from './page-quality.helpers.ts';

const VISIBLE = { timeout: 15_000 } as const;
let browser: Browser;
let edge: Awaited<ReturnType<typeof startEdge>>;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  assertFrontEndsBuilt();
  edge = await startEdge();
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
});

afterAll(async () => {
  await browser?.close();
  await edge?.close();
});

test('the shell mounts the marketing area at /', async () => {
  await page.goto(`${edge.url}/`);
  const hero = page.locator('#area-marketing h1');
  await hero.waitFor(VISIBLE);
  assert.equal(await hero.textContent(), 'Turn every sermon into study material for the whole week');
  assert.ok(await page.getByRole('heading', { name: 'Everything a sermon can become' }).isVisible());
  assert.equal(await page.locator('#area-marketing #features h3').count(), 8, 'eight benefit cards');
  assert.ok(await page.getByRole('link', { name: 'Join the Waitlist' }).isVisible(), 'signup_enabled is off by default');
  await screenshot(page, '01-home');
});

test('marketing links lead to /create-account and /login inside the marketing area', async () => {
  await page.locator('#area-marketing').getByRole('link', { name: 'Create Account' }).first().click();
  await page.getByRole('heading', { name: 'Join Your Organization' }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/create-account');
  await screenshot(page, '02-create-account');
  await page.locator('#area-marketing').getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.ok(await page.getByRole('button', { name: 'Sign In' }).isDisabled(), 'no captcha token yet');
  await screenshot(page, '03-login');
});

test('a signed-out visitor to a signed-in page is sent to /login with the original location', async () => {
  await page.goto(`${edge.url}/sermons?tab=library`);
  await page.getByRole('heading', { name: 'Sign In', exact: true }).waitFor(VISIBLE);
  const url = new URL(page.url());
  assert.equal(url.pathname, '/login');
  assert.equal(url.searchParams.get('from'), '/sermons?tab=library');
});

// Without the identity service (this journey runs the edge alone) a session can only come from
// the browser's persisted store: seed one, as a previous sign-in would have left it.
const SEEDED_PROFILE = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'ann@grace.test',
  firstName: 'Ann',
  lastName: 'Lee',
  role: 'ADMIN',
  orgId: '00000000-0000-4000-8000-0000000000aa',
  organization: { id: '00000000-0000-4000-8000-0000000000aa', name: 'Grace Church', subdomain: 'grace-church' },
  companyDomain: false,
  staffUser: false,
  navigation: [
    { id: 'dashboard', label: 'Dashboard', path: '/dashboard' },
    { id: 'sermons', label: 'Sermons', path: '/sermons' },
    { id: 'settings', label: 'Settings', path: '/settings' },
  ],
  homePath: '/dashboard',
  needsOnboarding: false,
};

async function seedSession(target: Page, origin: string): Promise<void> {
  await target.goto(`${origin}/`);
  await target.evaluate((profile) => {
    const state = { user: profile, accessToken: 'seeded', accessTokenExpiresAt: Date.now() + 14 * 60_000 };
    localStorage.setItem('lectern.session', JSON.stringify({ state, version: 1 }));
  }, SEEDED_PROFILE);
}

const AREAS = [
  { go: '/dashboard', container: '#area-staff', heading: 'Dashboard', shot: '04-staff' },
  { go: '/member/dashboard', container: '#area-member', heading: 'Welcome back, Ann!', shot: '05-member' },
];

for (const area of AREAS) {
  test(`a signed-in user gets ${area.go} mounted from its remote inside the signed-in layout`, async () => {
    await seedSession(page, edge.url);
    await page.goto(`${edge.url}${area.go}`);
    const heading = page.locator(`${area.container} h1`).first();
    await heading.waitFor(VISIBLE);
    assert.equal(await heading.textContent(), area.heading);
    assert.equal(new URL(page.url()).pathname, area.go);
    assert.deepEqual(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents(), ['Dashboard', 'Sermons', 'Settings']);
    // Only the current area is mounted.
    assert.equal(await page.locator('#lectern-main h1').count(), 1);
    await screenshot(page, area.shot);
  });
}

test('the sidebar moves between pages of the staff area (its own router)', async () => {
  await seedSession(page, edge.url);
  await page.goto(`${edge.url}/dashboard`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sermons' }).click();
  await page.getByRole('heading', { name: 'Sermon Library', exact: true }).waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/sermons');
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sermons' }).getAttribute('aria-current'), 'page');
});

test('the console gate sends a user to /dashboard when the console flags are off', async () => {
  await seedSession(page, edge.url);
  await page.goto(`${edge.url}/console`);
  await page.locator('#area-staff h1').first().waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/dashboard');
  await screenshot(page, '06-console-gate');
  await page.evaluate(() => localStorage.removeItem('lectern.session'));
});

test('signed in, /pricing at 390 px (and on 360 and 320 px phones) keeps Pricing and Dashboard in its header and does not overflow', async () => {
  const narrow = await browser.newPage({ viewport: { width: 390, height: 844 } });
  try {
    await seedSession(narrow, edge.url);
    await narrow.goto(`${edge.url}/pricing`);
    await narrow.getByRole('heading', { level: 1, name: 'Simple, Transparent Pricing' }).waitFor(VISIBLE);
    const header = narrow.getByRole('navigation', { name: 'Site' });
    assert.ok(await header.getByRole('link', { name: 'Dashboard' }).isVisible());
    assert.ok(await header.getByRole('link', { name: 'Pricing' }).isVisible());
    await assertNoOverflow(narrow, '/pricing signed in at 390 px');
    await screenshot(narrow, '07-pricing-signed-in-390');
    // The header was 370 px wide signed in, so it overflowed a 360 px phone and the console's
    // Checkout Demo frame at 390 px; the plan cards asked for 300 px, 4 px more than a 320 px phone has.
    for (const width of [360, 320]) {
      await narrow.setViewportSize({ width, height: 740 });
      await assertNoOverflow(narrow, `/pricing signed in at ${width} px`);
      await screenshot(narrow, `07-pricing-signed-in-${width}`);
      const box = await narrow.locator('header').first().evaluate((el) => ({ scroll: el.scrollWidth, right: Math.max(...[...el.querySelectorAll('a')].map((a) => a.getBoundingClientRect().right)) }));
      assert.ok(box.scroll <= width && box.right <= width, `the public header at ${width} px: ${JSON.stringify(box)}`);
      assert.ok(await header.getByRole('link', { name: 'Dashboard' }).isVisible());
      assert.ok(await narrow.getByRole('link', { name: 'Lectern home' }).isVisible());
    }
  } finally {
    await narrow.close();
  }
});

test('an unknown path shows Page Not Found and Return Home goes to /', async () => {
  await page.goto(`${edge.url}/no/such/page`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor(VISIBLE);
  await screenshot(page, '08-not-found');
  await page.getByRole('link', { name: 'Return Home' }).click();
  await page.locator('#area-marketing h1').waitFor(VISIBLE);
  assert.equal(new URL(page.url()).pathname, '/');
  assert.equal(await page.getByRole('heading', { name: 'Page Not Found' }).count(), 0);
});

test('an unknown path inside an area shows that area\'s not-found view', async () => {
  await page.goto(`${edge.url}/waitlist/nope`);
  await page.getByRole('heading', { name: 'Page Not Found' }).waitFor(VISIBLE);
  assert.equal(await page.locator('#area-marketing').getByRole('heading', { name: 'Page Not Found' }).count(), 1);
});

test('the areas share one shell-kit, one React and one styled-components instance', async () => {
  await page.goto(`${edge.url}/`);
  await page.locator('#area-marketing h1').waitFor(VISIBLE);
  const shared = await page.evaluate(() => {
    const scope = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> } }).__FEDERATION__.__SHARE__;
    const loaded: Record<string, string[]> = {};
    for (const instance of Object.values(scope)) {
      for (const [pkg, versions] of Object.entries(instance.default ?? {})) {
        for (const [version, entry] of Object.entries(versions)) if (entry.loaded) (loaded[pkg] ??= []).push(`${version} from ${entry.from}`);
      }
    }
    return loaded;
  });
  for (const pkg of ['react', 'react-dom', 'styled-components', '@lectern/shell-kit']) {
    assert.ok(shared[pkg], `${pkg} is shared`);
  }
  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
});

test('an area whose remote cannot be loaded shows an error panel; other areas keep working; Retry recovers', async () => {
  const emptyDir = mkdtempSync(join(tmpdir(), 'lectern-empty-member-'));
  const broken = await startEdge({ EDGE_MFE_MEMBER_DIR: emptyDir });
  const brokenPage = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  try {
    await seedSession(brokenPage, broken.url);
    await brokenPage.goto(`${broken.url}/member/dashboard`);
    const panel = brokenPage.getByRole('alert');
    await panel.waitFor(VISIBLE);
    assert.match((await panel.textContent()) ?? '', /The Member Area area could not be loaded/);
    assert.ok(await brokenPage.getByRole('button', { name: 'Retry' }).isVisible());
    await screenshot(brokenPage, '09-member-unavailable');

    await brokenPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await brokenPage.locator('#area-staff h1').first().waitFor(VISIBLE);
    assert.equal(await brokenPage.getByRole('alert').count(), 0, 'the error panel leaves with its area');

    // The remote is deployed (its files appear); Retry loads it without reloading the page.
    await brokenPage.evaluate(() => (globalThis as unknown as { history: { pushState(s: null, t: string, u: string): void } }).history.pushState(null, '', '/member/dashboard'));
    await brokenPage.getByRole('button', { name: 'Retry' }).waitFor(VISIBLE);
    cpSync(join(repoRoot, 'mfe-member/dist'), emptyDir, { recursive: true });
    await brokenPage.getByRole('button', { name: 'Retry' }).click();
    await brokenPage.getByRole('heading', { name: 'Sermon Library', exact: true }).waitFor(VISIBLE);
    // This edge has no services behind it, so the member page's own data alerts may show; the area's panel must not.
    assert.equal(await brokenPage.getByRole('alert').filter({ hasText: 'area could not be loaded' }).count(), 0);
  } finally {
    await brokenPage.close();
    await broken.close();
    rmSync(emptyDir, { recursive: true, force: true });
  }
});
