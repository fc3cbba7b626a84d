// `npm start`'s demo sermon (deploy/local/src/launcher/demo-sermon.ts) on the real stack: the demo
// pastor's upload goes through the real pipeline and is published; a second start changes nothing;
// the church's MEMBER then reads it in the member area with transcript-grounded outline, five
// devotional days and the discussion guide.
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_SERMON_TITLE, ensureDemoSermon } from '@lectern/local-stack/demo-sermon';
import { patience } from '@lectern/local-stack/testing';
import { screenshot } from './frontend.helpers.ts';
import { assertNoOverflow, assertRowFits } from './page-quality.helpers.ts';
import { browserJourney } from './journey.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { apiSignIn, seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person } from './auth.fixtures.ts';
import { VISIBLE } from './signin.helpers.ts';

const PIPELINE = { timeout: patience(900_000) } as const;

const journey = browserJourney({ sermons: true });
let stack: Stack;
let pastor: Person;
let member: Person;
let workDir = '';
const lines: string[] = [];

beforeAll(async () => {
  stack = journey.stack;
  const grace = await seedOrganization(stack, 'Grace Community Church');
  pastor = await seedPerson(stack, grace, 'PASTOR');
  member = await seedPerson(stack, grace, 'MEMBER');
  workDir = mkdtempSync(join(tmpdir(), 'lectern-demo-sermon-'));
});

afterAll(async () => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

async function demoSermons(): Promise<{ id: string; status: string }[]> {
  const token = await apiSignIn(stack, pastor);
  const response = await fetch(`${stack.origin}/api/sermons/sermons?limit=1000`, { headers: { authorization: `Bearer ${token}` } });
  const { sermons } = (await response.json()) as { sermons: { id: string; title: string; status: string }[] };
  return sermons.filter((s) => s.title === DEMO_SERMON_TITLE);
}

test('the demo pastor\u2019s recording goes through the real pipeline and is published; a second start changes nothing', async () => {
  const options = { origin: stack.origin, email: pastor.email, password: pastor.password, workDir, log: (line: string) => lines.push(line), timeoutMs: PIPELINE.timeout - 60_000 };
  assert.equal(await ensureDemoSermon(options), 'PUBLISHED', lines.join('\n'));
  const [sermon] = await demoSermons();
  assert.equal(sermon?.status, 'PUBLISHED');
  assert.equal(await ensureDemoSermon(options), 'PUBLISHED', lines.join('\n'));
  assert.deepEqual((await demoSermons()).map((s) => s.id), [sermon?.id], 'still one demo sermon after the second start');
  assert.match(lines.at(-1) ?? '', /is published/);
}, PIPELINE.timeout);

test('the church\u2019s MEMBER reads it: series, outline, five days, discussion guide, recording', async () => {
  const page = await journey.newPage();
  await journey.signIn(page, member);
  await page.waitForURL(/\/member\/dashboard$/, VISIBLE);
  await page.getByRole('link', { name: DEMO_SERMON_TITLE }).first().click();
  await page.getByRole('heading', { name: DEMO_SERMON_TITLE, level: 1 }).waitFor(VISIBLE);
  await page.getByText('Faith Forward', { exact: true }).first().waitFor(VISIBLE);
  await page.getByRole('heading', { name: 'Main Theme' }).waitFor(VISIBLE);
  // Every main point open, as a member reads them: each says a thing once, shows only its own
  // passage under "Scripture:", and none is headed by a misheard line.
  const points = page.locator('[id^="main-point-"]');
  const toggles = page.getByRole('button', { expanded: false }).filter({ hasText: /^\d+\. / });
  while ((await toggles.count()) > 0) await toggles.first().click();
  assert.ok((await points.count()) >= 3, `${await points.count()} main points open`);
  for (const point of await points.all()) {
    const lines = (await point.locator('p').allInnerTexts()).map((l) => l.trim()).filter(Boolean);
    assert.equal(new Set(lines).size, lines.length, `a line repeated in a main point: ${lines.join(' | ')}`);
    assert.ok(lines.filter((l) => l.startsWith('Scripture:')).length <= 1, lines.join(' | '));
  }
  assert.doesNotMatch(await points.first().innerText(), /Scripture: John 3:16/);
  for (const title of await page.getByRole('button').filter({ hasText: /^\d+\. / }).allInnerTexts()) assert.doesNotMatch(title, /\bmust our\b/i);
  await screenshot(page, '69a-demo-sermon-outline');
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, '69b-demo-sermon-outline-390');
  await assertNoOverflow(page, 'the demo sermon at 390 px');
  await assertRowFits(page.getByRole('tablist', { name: 'Sermon sections' }), 'the demo sermon tabs at 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('tab', { name: 'Devotional' }).click();
  for (const day of [1, 2, 3, 4, 5]) await page.getByRole('button', { name: new RegExp(`^Day ${day}`) }).waitFor(VISIBLE);
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByTestId('discussion-guide').waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Watch Video' }).waitFor(VISIBLE);
  await screenshot(page, '69-demo-sermon-member');
  await page.context().close();
  assert.deepEqual(journey.pageErrors, []);
});
