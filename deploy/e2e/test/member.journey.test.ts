// The member area in a real browser (issue 10's journey): staff publish a processed sermon (real
// pipeline on a spoken video), a MEMBER finds it by search and series, reads the outline, switches
// Quick/Full, completes days 1–2, favourites it, watches the video through with seeking (range
// requests on a signed link), downloads the outline PDF and sees 67% and the recently viewed list;
// another member of the same church sees none of that progress and a member of another church gets
// 'Sermon not found'. Every member page is checked at 1280 and 390 px and with axe-core.
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patience } from '@lectern/local-stack/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsDir, screenshot } from './frontend.helpers.ts';
import { browserJourney, DESKTOP } from './journey.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { apiSignIn, seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person } from './auth.fixtures.ts';
import { signInThroughForm, VISIBLE } from './signin.helpers.ts';
import { assertNoOverflow, assertRowFits } from './page-quality.helpers.ts';
import { assertNoSeriousAxeViolations } from './axe.helpers.ts';

const PIPELINE = { timeout: patience(600_000) } as const;
const SPOKEN =
  'Good morning, church family. Today we read the Gospel of John chapter three verse sixteen. ' +
  'For God so loved the world that he gave his Son, so that everyone who believes may have life. ' +
  'His love is a gift we cannot earn. It comes to us before we ask for it. ' +
  'This week, let us walk in faith, pray for one another, and share that love with our neighbours.';
const SERIES = 'Faith Forward';
const TITLE = `${SERIES}: Loved First ${Date.now().toString(36)}`;

const journey = browserJourney({ sermons: true });
const { pageErrors } = journey;
let stack: Stack;
let staffContext: BrowserContext;
let memberContext: BrowserContext;
let page: Page;
let pastor: Person;
let member: Person;
let neighbour: Person;
let stranger: Person;
let sermonId = '';
let workDir = '';
const rangeAnswers: string[] = [];

/** A real spoken video: espeak-ng → wav, ffmpeg → WebM (VP8 picture + Opus voice), ~20 s. */
function spokenWebm(dir: string, words: string): string {
  const wav = join(dir, 'speech.wav');
  const webm = join(dir, 'sunday-sermon.webm');
  execFileSync('espeak-ng', ['-s', '150', '-w', wav, words]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x24406b:s=320x180:r=10', '-i', wav, '-shortest', '-c:v', 'libvpx', '-b:v', '100k', '-c:a', 'libopus', '-b:a', '48k', webm]);
  return webm;
}

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stack.origin}/api/sermons${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

beforeAll(async () => {
  stack = journey.stack;
  const grace = await seedOrganization(stack, 'Grace Community Church');
  const other = await seedOrganization(stack, 'Harbor Fellowship');
  pastor = await seedPerson(stack, grace, 'PASTOR');
  member = await seedPerson(stack, grace, 'MEMBER');
  neighbour = await seedPerson(stack, grace, 'VOLUNTEER');
  stranger = await seedPerson(stack, other, 'MEMBER');
  workDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-member-'));
  const video = readFileSync(spokenWebm(workDir, SPOKEN));
  // The upload itself is issue 4's journey; here the pastor's upload goes through the same API.
  const token = await apiSignIn(stack, pastor);
  const created = await api<{ sermon: { id: string }; upload: { url: string; headers: Record<string, string> } }>(token, 'POST', '/sermons', {
    title: TITLE, speaker: 'Pastor Ann Lee', recordedAt: '2026-11-15', file: { name: 'sunday-sermon.webm', size: video.length, contentType: 'video/webm' },
  });
  sermonId = created.sermon.id;
  const put = await fetch(created.upload.url, { method: 'PUT', headers: created.upload.headers, body: video });
  assert.equal(put.status, 200, await put.text());
  staffContext = await journey.newContext({ errorLabel: 'staff: ' });
  memberContext = await journey.newContext({ acceptDownloads: true });
});

afterAll(async () => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

test('the pipeline processes the spoken video to REVIEW (transcript, outline, devotionals, discussion guide)', async () => {
  const token = await apiSignIn(stack, pastor);
  const deadline = Date.now() + PIPELINE.timeout - 10_000;
  let status = '';
  while (Date.now() < deadline) {
    status = (await api<{ sermon: { status: string } }>(token, 'GET', `/sermons/${sermonId}`)).sermon.status;
    if (status === 'REVIEW' || status === 'FAILED') break;
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  assert.equal(status, 'REVIEW');
  const guide = await api<{ guide: { sections: { questions: string[]; quote: string }[] } | null }>(token, 'GET', `/sermons/${sermonId}/discussion-guide`);
  assert.ok(guide.guide && guide.guide.sections.length > 0, 'a discussion guide was generated');
  for (const section of guide.guide.sections) assert.ok(section.questions.length >= 2);
}, PIPELINE.timeout);

test('staff review: the player sits beside the transcript and clicking a word seeks there; the PASTOR publishes', async () => {
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`${stack.origin}/login`);
  await signInThroughForm(staffPage, pastor.email, pastor.password);
  await staffPage.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  await staffPage.goto(`${stack.origin}/sermons/${sermonId}`);
  await staffPage.getByRole('button', { name: 'Listen and check the transcript' }).click();
  const words = staffPage.getByTestId('transcript-words').getByRole('button');
  await words.nth(5).waitFor(VISIBLE);
  const player = staffPage.getByTestId('media-player');
  await player.waitFor(VISIBLE);
  await staffPage.waitForFunction(() => {
    const video = (globalThis as unknown as { document: { querySelector(s: string): { readyState: number } | null } }).document.querySelector('[data-testid="media-player"]');
    return video !== null && video.readyState >= 1;
  }, undefined, VISIBLE);
  const target = words.nth(Math.min(20, (await words.count()) - 1));
  const start = await target.getAttribute('title');
  await target.click();
  await staffPage.waitForFunction(() => {
    const video = (globalThis as unknown as { document: { querySelector(s: string): { currentTime: number } | null } }).document.querySelector('[data-testid="media-player"]');
    return video !== null && video.currentTime > 1;
  }, undefined, VISIBLE);
  const [minutes, seconds] = (start ?? '0:00').split(':').map(Number);
  const at = await player.evaluate((video) => (video as unknown as { currentTime: number }).currentTime);
  assert.ok(Math.abs(at - ((minutes ?? 0) * 60 + (seconds ?? 0))) < 3, `seeked to ${at}s for a word said at ${start}`);
  await staffPage.getByTestId('staff-discussion-guide').getByText('Icebreaker').waitFor(VISIBLE);
  // the spec's review sections in its order, the discussion guide after them
  const sections = (await staffPage.locator('#area-staff h2').allTextContents()).filter((h) => ['Transcription', 'Sermon Outline', '5-Day Devotional Series', 'Small-Group Discussion Guide'].includes(h));
  assert.deepEqual(sections, ['Transcription', 'Sermon Outline', '5-Day Devotional Series', 'Small-Group Discussion Guide']);
  await screenshot(staffPage, '60-staff-review-player');
  await staffPage.getByRole('button', { name: 'Publish', exact: true }).click();
  await staffPage.getByText('Published', { exact: true }).waitFor(VISIBLE);
  await staffPage.close();
});

test('a MEMBER signs in, finds the sermon by search and by series, and opens it', async () => {
  page = await memberContext.newPage();
  page.on('response', (response) => {
    if (response.url().includes('/api/sermons/storage/') && response.status() === 206) rangeAnswers.push(response.headers()['content-range'] ?? '');
  });
  await page.goto(`${stack.origin}/login`);
  await signInThroughForm(page, member.email, member.password);
  await page.waitForURL(/\/member\/dashboard$/, VISIBLE);
  await page.getByRole('heading', { name: `Welcome back, ${member.firstName}!` }).waitFor(VISIBLE);
  await page.getByText('Sermons you open will show here.').waitFor(VISIBLE);
  await page.getByRole('link', { name: TITLE }).waitFor(VISIBLE);
  await page.getByRole('searchbox', { name: 'Search' }).fill('nothing like this at all');
  await page.getByText('No sermons found').waitFor(VISIBLE);
  await page.getByRole('searchbox', { name: 'Search' }).fill('Loved First');
  await page.getByRole('link', { name: TITLE }).waitFor(VISIBLE);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  await page.getByLabel('Series').selectOption(SERIES);
  await page.getByRole('link', { name: TITLE }).waitFor(VISIBLE);
  assert.equal(await page.getByTestId('sermon-card').count(), 1);
  await screenshot(page, '61-member-dashboard-series');
  await page.getByRole('link', { name: TITLE }).click();
  await page.getByRole('heading', { name: TITLE, level: 1 }).waitFor(VISIBLE);
});

test('the MEMBER reads the outline and marks it read, switches Quick/Full, completes days 1–2 and favourites the sermon', async () => {
  await page.getByRole('heading', { name: 'Main Theme' }).waitFor(VISIBLE);
  const firstPoint = page.locator('button[aria-controls="main-point-0"]');
  assert.equal(await firstPoint.getAttribute('aria-expanded'), 'true', 'the first main point is open');
  await page.getByRole('button', { name: 'Mark as Read' }).click();
  await page.getByRole('button', { name: '✓ Marked as Read' }).waitFor(VISIBLE);
  await screenshot(page, '62-member-outline');

  await page.getByRole('tab', { name: 'Devotional' }).click();
  await page.getByRole('button', { name: 'Quick (1-3 min)' }).waitFor(VISIBLE);
  await page.getByRole('button', { name: /^Day 1/ }).click();
  const detail = page.getByTestId('day-detail');
  await detail.getByRole('heading', { name: 'Opening Prayer' }).waitFor(VISIBLE);
  assert.equal(await detail.getByRole('heading', { name: 'Context' }).count(), 0, 'quick mode has no context');
  await page.getByRole('button', { name: 'Full (5-10 min)' }).click();
  await detail.getByRole('heading', { name: 'Context' }).waitFor(VISIBLE);
  await detail.getByRole('heading', { name: 'Additional Scripture' }).waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Mark Day 1 Completed' }).click();
  await page.getByRole('button', { name: '✓ Day 1 Completed' }).waitFor(VISIBLE);
  await page.getByRole('button', { name: /^Day 2/ }).click();
  await page.getByRole('button', { name: 'Mark Day 2 Completed' }).click();
  await page.getByRole('button', { name: '✓ Day 2 Completed' }).waitFor(VISIBLE);
  await page.getByText('2 of 5 days').waitFor(VISIBLE);
  await screenshot(page, '63-member-devotional-full');

  await page.getByRole('button', { name: `Add ${TITLE} to favorites` }).click();
  await page.getByRole('button', { name: `Remove ${TITLE} from favorites` }).waitFor(VISIBLE);

  await page.getByRole('tab', { name: 'Community' }).click();
  await page.getByText('Coming Soon - Community features will be available soon.').waitFor(VISIBLE);
});

test('the MEMBER watches the video through with seeking (range requests on a signed link), then downloads the outline PDF', async () => {
  await page.getByRole('tab', { name: 'Resources' }).click();
  await page.getByTestId('discussion-guide').waitFor(VISIBLE);
  await page.getByRole('button', { name: 'Watch Video' }).click();
  const player = page.getByTestId('media-player');
  await player.waitFor(VISIBLE);
  await page.waitForFunction(() => {
    const video = (globalThis as unknown as { document: { querySelector(s: string): { readyState: number } | null } }).document.querySelector('[data-testid="media-player"]');
    return video !== null && video.readyState >= 1;
  }, undefined, VISIBLE);
  const duration = await player.evaluate((video) => (video as unknown as { duration: number }).duration);
  assert.ok(duration > 10, `a ${duration}s recording`);
  // Play the first half at 2× (the fastest the player's controls offer, and the fastest the server
  // believes a "watched" claim), seek back, seek forward past where it was, play to the end.
  await player.evaluate(async (element) => {
    const video = element as unknown as { playbackRate: number; muted: boolean; currentTime: number; duration: number; ended: boolean; play(): Promise<void>; pause(): void };
    video.muted = true;
    video.playbackRate = 2;
    await video.play();
    while (video.currentTime < video.duration * 0.5) await new Promise((r) => setTimeout(r, 100));
    video.currentTime = video.duration * 0.2;
    await new Promise((r) => setTimeout(r, 300));
    video.currentTime = video.duration * 0.45;
    await video.play();
    while (!video.ended) await new Promise((r) => setTimeout(r, 100));
  });
  await page.getByText('✓ Watched').waitFor(VISIBLE);
  assert.ok(rangeAnswers.length > 0, 'the recording came in 206 partial responses');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  assert.match(download.suggestedFilename(), /Loved First .* - Outline\.pdf$/);
  const path = join(resultsDir, 'member-outline.pdf');
  await download.saveAs(path);
  const pdf = readFileSync(path);
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  assert.ok(pdf.length > 1000);
  await screenshot(page, '64-member-resources');
});

test('the dashboard shows 67% and the recently viewed sermon; both pages pass at 1280 and 390 px and axe-core', async () => {
  await page.getByRole('link', { name: '← Back to your library' }).click();
  await page.getByTestId('recently-viewed').getByRole('link', { name: TITLE }).waitFor(VISIBLE);
  await page.getByTestId('sermon-card').getByText('67% complete').waitFor(VISIBLE);
  await page.getByRole('button', { name: '☆ Favorites' }).click();
  await page.getByRole('link', { name: TITLE }).first().waitFor(VISIBLE);
  await screenshot(page, '65-member-dashboard-progress');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${stack.origin}/member/dashboard`);
    await page.getByTestId('sermon-card').first().waitFor(VISIBLE);
    await assertNoOverflow(page, `dashboard at ${width}`);
    await assertNoSeriousAxeViolations(page, `dashboard at ${width}`);
    await page.goto(`${stack.origin}/member/sermons/${sermonId}`);
    // The tab row fits (or wraps) at every width: it never scrolls inside itself and no tab is cut.
    await assertRowFits(page.getByRole('tablist', { name: 'Sermon sections' }), `sermon tabs at ${width}`);
    // Tabs pattern: arrow keys move between tabs and select them, Home/End go to the ends.
    await page.getByRole('tab', { name: 'Outline' }).focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('tab', { name: 'Devotional' }).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('End');
    assert.equal(await page.getByRole('tab', { name: 'Resources' }).getAttribute('aria-selected'), 'true');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getByRole('tab', { name: 'Outline' }).getAttribute('aria-selected'), 'true');
    assert.equal(await page.evaluate(() => (globalThis as unknown as { document: { activeElement: { id: string } | null } }).document.activeElement?.id), 'tab-Outline');
    for (const tab of ['Outline', 'Devotional', 'Community', 'Resources']) {
      await page.getByRole('tab', { name: tab }).click();
      if (tab === 'Devotional') await page.getByRole('button', { name: /^Day 1/ }).click();
      await assertNoOverflow(page, `sermon ${tab} at ${width}`);
      await assertNoSeriousAxeViolations(page, `sermon ${tab} at ${width}`);
    }
    await screenshot(page, `66-member-sermon-${width}`);
  }
});

test('another member of the same church sees none of that progress; a member of another church gets "Sermon not found"', async () => {
  const other = await journey.browser.newContext({ viewport: DESKTOP });
  const otherPage = await other.newPage();
  await otherPage.goto(`${stack.origin}/login`);
  await signInThroughForm(otherPage, neighbour.email, neighbour.password);
  await otherPage.waitForURL(/\/member\/dashboard$/, VISIBLE);
  await otherPage.getByTestId('sermon-card').getByText('0% complete').waitFor(VISIBLE);
  await otherPage.getByText('Sermons you open will show here.').waitFor(VISIBLE);
  await otherPage.goto(`${stack.origin}/member/sermons/${sermonId}`);
  await otherPage.getByRole('button', { name: 'Mark as Read' }).waitFor(VISIBLE);
  await otherPage.getByRole('button', { name: `Add ${TITLE} to favorites` }).waitFor(VISIBLE);
  // the staff sermon page typed by a VOLUNTEER (Sermons is in their navigation): an explanation, no page
  await otherPage.goto(`${stack.origin}/sermons/${sermonId}`);
  await otherPage.getByText("Sermon management is for your church's staff").waitFor(VISIBLE);
  await screenshot(otherPage, '66b-volunteer-on-staff-sermon');
  await other.close();

  const foreign = await journey.browser.newContext({ viewport: DESKTOP });
  const foreignPage = await foreign.newPage();
  await foreignPage.goto(`${stack.origin}/login`);
  await signInThroughForm(foreignPage, stranger.email, stranger.password);
  await foreignPage.waitForURL(/\/member\/dashboard$/, VISIBLE);
  await foreignPage.getByText('No sermons found').waitFor(VISIBLE);
  await foreignPage.goto(`${stack.origin}/member/sermons/${sermonId}`);
  await foreignPage.getByText('Sermon not found').waitFor(VISIBLE);
  await foreignPage.goto(`${stack.origin}/member/sermons/not-an-id`);
  await foreignPage.getByText('Invalid sermon ID').waitFor(VISIBLE);
  await screenshot(foreignPage, '67-member-foreign-not-found');
  // the staff sermon page typed by a MEMBER: the member gate sends them home (spec 000 §2)
  await foreignPage.goto(`${stack.origin}/sermons/${sermonId}`);
  await foreignPage.waitForURL(/\/member\/dashboard$/, VISIBLE);
  await foreignPage.getByText('No sermons found').waitFor(VISIBLE);
  await screenshot(foreignPage, '67b-member-sent-home-from-staff-sermon');
  await foreign.close();
});

test('the PASTOR unpublishes it (with confirmation): the member library drops it at once; re-published, the member\u2019s 67% is back', async () => {
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`${stack.origin}/sermons/${sermonId}`);
  await staffPage.getByRole('button', { name: 'Unpublish' }).click();
  const dialog = staffPage.getByRole('dialog', { name: 'Unpublish this sermon?' });
  await dialog.waitFor(VISIBLE);
  await assertNoSeriousAxeViolations(staffPage, 'unpublish dialog');
  await screenshot(staffPage, '68-staff-unpublish-confirm');
  // At phone width the shell's sticky top bar stays under the dialog's backdrop (no Menu to tap past it).
  await staffPage.setViewportSize({ width: 390, height: 844 });
  const menu = staffPage.getByRole('button', { name: 'Menu' });
  await menu.waitFor(VISIBLE);
  const box = await menu.boundingBox();
  assert.ok(box, 'the Menu button has a place on the page');
  const onTop = await staffPage.evaluate(({ x, y }) => (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { textContent: string | null; tagName: string } | null } }).document.elementFromPoint(x, y)?.tagName ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  assert.notEqual(onTop, 'BUTTON', 'the top bar\u2019s Menu button shows through the dialog\u2019s backdrop');
  await screenshot(staffPage, '68b-staff-unpublish-confirm-390');
  await staffPage.setViewportSize(DESKTOP);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await staffPage.getByText('Published', { exact: true }).waitFor(VISIBLE);
  await staffPage.getByRole('button', { name: 'Unpublish' }).click();
  await dialog.getByRole('button', { name: 'Unpublish' }).click();
  await staffPage.getByText('Ready for Review', { exact: true }).first().waitFor(VISIBLE);
  await staffPage.getByRole('button', { name: 'Publish', exact: true }).waitFor(VISIBLE);

  await page.goto(`${stack.origin}/member/dashboard`);
  await page.getByText('No sermons found').waitFor(VISIBLE);
  await page.goto(`${stack.origin}/member/sermons/${sermonId}`);
  await page.getByText('Sermon not found').waitFor(VISIBLE);

  await staffPage.getByRole('button', { name: 'Publish', exact: true }).click();
  await staffPage.getByText('Published', { exact: true }).waitFor(VISIBLE);
  await staffPage.close();
  await page.goto(`${stack.origin}/member/dashboard`);
  await page.getByTestId('sermon-card').getByText('67% complete').waitFor(VISIBLE);
  assert.deepEqual(pageErrors, []);
});
