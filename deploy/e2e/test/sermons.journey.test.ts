// The sermon pipeline in a real browser (issue 4's journey): a PASTOR uploads a spoken recording,
// watches the stepper advance live, reviews the transcript, outline and 5-day devotional, edits
// the outline and a devotional, prints, publishes, and the dashboard counts change. Real parts
// throughout: identity, sermons, the Temporal worker (ffmpeg, faster-whisper, the extractive
// generator, the World English Bible), Postgres, Kafka, the edge and Chromium.
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patience } from '@lectern/local-stack/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { resultsDir, screenshot } from './frontend.helpers.ts';
import { browserJourney } from './journey.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { apiSignIn, seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person } from './auth.fixtures.ts';
import { signInThroughForm, VISIBLE } from './signin.helpers.ts';
import { dropFiles, JOURNAL_SCRIPT, printedDocuments, stepperJournal, toastJournal, uploadJournal } from './sermons.page-probes.ts';

/** Upload, ffmpeg, recognition and generation of a ~20 s recording: well under a minute when quiet. */
const PIPELINE = { timeout: patience(240_000) } as const;
const SPOKEN =
  'Good morning, church family. Today we read the Gospel of John chapter three verse sixteen. ' +
  'For God so loved the world that he gave his Son, so that everyone who believes may have life. ' +
  'His love is a gift we cannot earn. It comes to us before we ask for it. ' +
  'This week, let us walk in faith, pray for one another, and share that love with our neighbours.';
const SERMON_TITLE = `Grace for Every Day ${Date.now().toString(36)}`;
const SPEAKER = 'Pastor Ann Lee';
const RECORDED_AT = '2026-11-15';

const journey = browserJourney({ sermons: true });
const { pageErrors } = journey;
let stack: Stack;
let context: BrowserContext;
let page: Page;
let pastor: Person;
let staff: Person;
let sermonId = '';
let recording = '';
let workDir = '';
const mainPointTitles: string[] = [];
const liveEvents: string[] = [];
const edited = { theme: `Grace that carries us ${Date.now().toString(36)}`, dayTitle: 'Loved Before We Knew It', closingPrayer: 'Lord, teach us to rest in your love today. Amen.' };

beforeAll(async () => {
  stack = journey.stack;
  const orgId = await seedOrganization(stack, 'Grace Church');
  pastor = await seedPerson(stack, orgId, 'PASTOR');
  staff = await seedPerson(stack, orgId, 'STAFF');
  workDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-recording-'));
  recording = spokenMp3(workDir, SPOKEN);
  context = await journey.newContext({ acceptDownloads: true });
  await context.addInitScript({ content: JOURNAL_SCRIPT });
  page = await context.newPage();
  // The live channel as the browser sees it: events received on /api/sermons/live.
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/sermons/live')) return;
    socket.on('framereceived', ({ payload }) => {
      try {
        const message = JSON.parse(payload.toString()) as { type?: string; event?: string; data?: { status?: string } };
        if (message.type === 'event') liveEvents.push(`${message.event}${message.event === 'status' ? `:${message.data?.status}` : ''}`);
      } catch {
        // not JSON: not an event
      }
    });
  });
});

afterAll(async () => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** A real spoken recording: espeak-ng → wav → mp3 with ffmpeg. */
function spokenMp3(dir: string, words: string): string {
  const wav = join(dir, 'speech.wav');
  const mp3 = join(dir, 'sunday-sermon.mp3');
  execFileSync('espeak-ng', ['-s', '150', '-w', wav, words]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-b:a', '96k', mp3]);
  return mp3;
}

/** A dashboard stat card's number and note ('Total Sermons' → { value: 1, note: '1 published' }). */
async function stat(label: string): Promise<{ value: number; note: string }> {
  const lines = (await page.locator(`[aria-label="${label}"]`).innerText()).split('\n').map((line) => line.trim()).filter(Boolean);
  assert.equal(lines[0], label);
  return { value: Number(lines[1]), note: lines[2] ?? '' };
}

async function openDashboard(): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  await page.locator('[aria-label="Total Sermons"]').waitFor(VISIBLE);
}

const toast = (text: string) => page.getByRole('status').filter({ hasText: text });
const section = (name: string) => page.locator(`[aria-label="${name}"]`);
const dayPanel = (day: number) => page.locator(`details[data-day="${day}"]`);

test('a PASTOR signs in and sees the dashboard counts of an organization with no sermons', async () => {
  await page.goto(`${stack.origin}/login`);
  await signInThroughForm(page, pastor.email, pastor.password);
  await page.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor(VISIBLE);
  await page.locator('[aria-label="Total Sermons"]').waitFor(VISIBLE);
  assert.deepEqual(await stat('Total Sermons'), { value: 0, note: '0 published' });
  assert.deepEqual(await stat('Processing'), { value: 0, note: 'being processed' });
  assert.deepEqual(await stat('This Month'), { value: 0, note: 'created this month' });
  await page.getByText('No sermons uploaded yet.').waitFor(VISIBLE);
  await screenshot(page, '40-dashboard-empty');
});

test('the PASTOR uploads a spoken recording through the drop area, sees the upload progress and lands on the sermon page', async () => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sermons' }).click();
  await page.getByRole('heading', { name: 'Sermons', exact: true }).waitFor(VISIBLE);
  await page.getByText('No sermons uploaded yet').first().waitFor(VISIBLE);
  const form = page.getByRole('form', { name: 'Upload New Sermon' });
  assert.equal(await form.getByRole('button', { name: 'Start' }).isDisabled(), true, 'Start is disabled with no file');
  await form.getByLabel('Title').fill(SERMON_TITLE);
  await form.getByLabel('Speaker').fill(SPEAKER);
  await form.getByLabel('Recording date').fill(RECORDED_AT);
  // Dropped files the drop area refuses, with the spec's messages; then the recording, dropped.
  const dropZone = '[aria-label="Drop a sermon recording here or choose a file"]';
  const refusal = form.getByRole('alert');
  await dropFiles(page, dropZone, [{ name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('not a sermon') }]);
  assert.equal(await refusal.innerText(), 'File type must be one of .mp4, .mov, .avi, .mkv, .webm, .mp3, .wav, .flac, .m4a, .aac');
  await dropFiles(page, dropZone, [
    { name: 'a.mp3', type: 'audio/mpeg', bytes: readFileSync(recording) },
    { name: 'b.mp3', type: 'audio/mpeg', bytes: readFileSync(recording) },
  ]);
  assert.equal(await refusal.innerText(), 'Too many files');
  await dropFiles(page, dropZone, [{ name: 'sunday-sermon.mp3', type: 'audio/mpeg', bytes: readFileSync(recording) }]);
  await form.getByText('sunday-sermon.mp3').waitFor(VISIBLE);
  assert.equal(await refusal.count(), 0, 'the refusal is gone once a good file is dropped');
  // A click on the drop area opens the file chooser too (the same file, picked).
  const chooser = page.waitForEvent('filechooser');
  await page.locator(dropZone).click();
  await (await chooser).setFiles(recording);
  await form.getByText('sunday-sermon.mp3').waitFor(VISIBLE);
  await screenshot(page, '41-upload-form-filled');

  // Loopback is too fast to see a ~200 KB upload move: throttle the browser's uploads only.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 40 * 1024 });
  await form.getByRole('button', { name: 'Start' }).click();
  const progress = page.getByTestId('upload-progress');
  await progress.waitFor(VISIBLE);
  await page.waitForFunction(() => {
    const bar = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector('[data-testid="upload-progress"] [role="progressbar"]');
    const value = Number(bar?.getAttribute('aria-valuenow') ?? 0);
    return value > 0 && value < 100;
  }, undefined, VISIBLE);
  await screenshot(page, '42-upload-progress');

  await page.waitForURL(/\/sermons\/[0-9a-f-]{36}$/, PIPELINE);
  // A marker on the window: a reload or a full navigation would wipe it (checked at REVIEW).
  await page.evaluate(() => Object.assign(globalThis, { __sameDocument: true }));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  sermonId = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('heading', { name: SERMON_TITLE }).waitFor(VISIBLE);
  // Recognition alone takes several seconds: the stepper is there when the page opens.
  const stepper = page.getByRole('region', { name: 'Processing progress' });
  await stepper.waitFor({ timeout: 5000 });
  assert.deepEqual(await stepper.locator('[data-step] strong').allTextContents(), ['Upload', 'Transcribe', 'Outline', '5-Day Devotional']);
  assert.ok(await stepper.getByRole('button', { name: 'Stop' }).isVisible(), 'Stop while processing');
  await screenshot(page, '43-stepper-processing');
  await page.getByText(new RegExp(`^${SPEAKER} · Nov(ember)? 15, 2026$`)).waitFor(VISIBLE);

  const uploads = await uploadJournal(page);
  const size = statSync(recording).size;
  const partial = uploads.filter((u) => u.percent > 0 && u.percent < 100);
  assert.ok(partial.length >= 2, `the upload bar moved through several values, saw ${JSON.stringify(uploads.map((u) => u.percent))}`);
  const total = `${(size / 1024).toFixed(1)} KB`;
  assert.ok(partial.every((u) => u.text.startsWith('Uploading sunday-sermon.mp3…') && u.text.includes(` / ${total} · ${u.percent}%`)), `bytes sent of ${total} in B/KB/MB/GB: ${JSON.stringify(partial.map((u) => u.text))}`);
  assert.ok((await toastJournal(page)).includes('Sermon submitted successfully! Redirecting to sermon page...'), 'the success toast was shown');
});

test('the stepper advances live, without a reload, to Ready for Review', async () => {
  const stepper = page.getByRole('region', { name: 'Processing progress' });
  await page.getByText('Ready for Review', { exact: true }).waitFor(PIPELINE);
  assert.equal(await page.evaluate(() => (globalThis as { __sameDocument?: boolean }).__sameDocument === true), true, 'no reload happened');
  assert.equal(await stepper.count(), 0, 'the stepper is gone once processing is finished');

  const states = (await stepperJournal(page)).filter((s) => s.path === `/sermons/${sermonId}`);
  const distinct = [...new Set(states.map((s) => s.steps))];
  assert.ok(distinct.length >= 2, `the stepper changed live at least once, saw ${JSON.stringify(distinct)}`);
  const intermediate = states.find((s) => /\b(transcribe|outline|devotion)=processing\b/.test(s.steps));
  assert.ok(intermediate, `an intermediate state (a later step processing) was in the DOM before completion, saw ${JSON.stringify(distinct)}`);
  assert.ok(
    states.some((s) => /=processing\(([1-9]\d?)%\)/.test(s.steps)),
    `a step's percent between 1 and 99 was shown as it was reported, saw ${JSON.stringify(distinct)}`,
  );
  assert.match(states[0]!.steps, /upload=completed/, 'the page opened with the upload done');
  assert.ok(liveEvents.filter((e) => e === 'progress').length >= 3, `progress events arrived over the WebSocket, got ${JSON.stringify(liveEvents)}`);
  assert.ok(liveEvents.includes('status:REVIEW'), `the REVIEW status arrived over the WebSocket, got ${JSON.stringify(liveEvents)}`);
  writeFileSync(join(resultsDir, 'sermon-stepper-journal.json'), `${JSON.stringify(states, null, 2)}\n`);
  await screenshot(page, '44-ready-for-review');
  // What a person sees after scrolling down a long review page (the full-page shot stretches it).
  await page.mouse.wheel(0, 1200);
  await page.screenshot({ path: join(resultsDir, '44b-review-scrolled.png') });
});

test('the review shows the transcript with the spoken words, the outline and five devotional days with Short and Long forms', async () => {
  const transcription = section('Transcription');
  await transcription.getByRole('button', { name: 'Show preview' }).click();
  const preview = (await page.getByTestId('transcript-preview').innerText()).toLowerCase();
  for (const words of ['loved the world', 'gift', 'faith', 'neighbo']) assert.ok(preview.includes(words), `transcript contains "${words}": ${preview}`);
  const count = /([\d,]+) characters/.exec(await transcription.innerText())?.[1];
  assert.ok(count && Number(count.replace(/,/g, '')) > 100, `character count shown, got ${count}`);
  const download = page.waitForEvent('download');
  await transcription.getByRole('button', { name: 'Download' }).click();
  assert.equal((await download).suggestedFilename(), `${SERMON_TITLE.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}_transcript.txt`);

  const outline = page.getByTestId('outline-view');
  await outline.waitFor(VISIBLE);
  const outlineText = await outline.innerText();
  assert.match(outlineText, /Theme/);
  assert.match(outlineText, /John 3:16/, 'the outline cites the scripture that was spoken');

  const days = page.locator('details[data-day]');
  assert.equal(await days.count(), 5);
  const summaries = (await days.locator('summary').allInnerTexts()).map((s) => s.trim());
  summaries.forEach((summary, index) => assert.match(summary, new RegExp(`^Day ${index + 1}: \\S`), `day ${index + 1} has a title`));
  const day1 = dayPanel(1);
  assert.equal(await day1.getAttribute('open'), '', 'day 1 is open');
  const shortTab = day1.getByRole('tab', { name: 'Short Form' });
  const longTab = day1.getByRole('tab', { name: 'Long Form' });
  assert.equal(await shortTab.getAttribute('aria-selected'), 'true');
  const shortText = await day1.innerText();
  assert.match(shortText, /John 3:16/);
  // The passage is the World English Bible's text, not the transcript's words.
  assert.match(await day1.locator('blockquote').first().innerText(), /whoever believes in him should not perish/);
  await screenshot(page, '45-review-short-form');
  await longTab.click();
  assert.equal(await longTab.getAttribute('aria-selected'), 'true');
  assert.equal(await shortTab.getAttribute('aria-selected'), 'false');
  assert.notEqual(await day1.innerText(), shortText, 'the Long Form shows other content');
  await screenshot(page, '46-review-long-form');
  await shortTab.click();
});

test('the PASTOR edits the outline and saves; a reload shows the edit', async () => {
  const card = section('Sermon Outline');
  const pointTitles = () => page.getByTestId('outline-view').locator(':scope > ol > li > strong').allTextContents();
  const titlesBefore = await pointTitles();
  assert.ok(titlesBefore.length > 0, 'the generated outline has main points');
  await card.getByRole('button', { name: 'Edit', exact: true }).click();
  await card.locator('input[name="theme"]').fill(edited.theme);
  const scriptures = card.locator('textarea[name="scriptures"]');
  assert.match(await scriptures.inputValue(), /John 3:16/);
  await scriptures.fill(`${await scriptures.inputValue()}\nRomans 5:8`);
  await screenshot(page, '47-outline-edit');
  await card.getByRole('button', { name: 'Save' }).click();
  await toast('Changes saved successfully').waitFor(VISIBLE);
  await page.getByTestId('outline-view').getByText(edited.theme).waitFor(VISIBLE);

  await page.reload();
  await page.getByTestId('outline-view').waitFor(VISIBLE);
  const view = await page.getByTestId('outline-view').innerText();
  assert.ok(view.includes(edited.theme), 'the edited theme is stored');
  assert.match(view, /Romans 5:8/, 'the added scripture line is stored');
  assert.deepEqual(await pointTitles(), titlesBefore, 'editing the theme and scriptures leaves the main points as they were');
  mainPointTitles.push(...titlesBefore);
});

test('the PASTOR edits a devotional day and saves; a reload shows the edit', async () => {
  const day1 = dayPanel(1);
  await day1.getByRole('button', { name: 'Edit', exact: true }).click();
  await day1.locator('input[name="title"]').fill(edited.dayTitle);
  await day1.locator('textarea[name="closingPrayer"]').fill(edited.closingPrayer);
  assert.equal(await page.locator('details[data-day]').getByRole('button', { name: 'Edit', exact: true }).count(), 0, 'one devotional is edited at a time');
  await screenshot(page, '48-devotional-edit');
  await day1.getByRole('button', { name: 'Save' }).click();
  await toast('Devotional updated').waitFor(VISIBLE);
  await day1.locator('summary').getByText(`Day 1: ${edited.dayTitle}`).waitFor(VISIBLE);

  await page.reload();
  await dayPanel(1).locator('summary').getByText(`Day 1: ${edited.dayTitle}`).waitFor(VISIBLE);
  assert.ok((await dayPanel(1).innerText()).includes(edited.closingPrayer), 'the edited closing prayer is stored');
});

test('printing the outline, the transcript and a devotional gives documents titled and dated as the spec says', async () => {
  const today = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
  const stamp = new RegExp(`^Printed ${today} ([1-9]|1[0-2]):[0-5]\\d (AM|PM)$`);
  await section('Sermon Outline').getByRole('button', { name: 'Print' }).click();
  await section('Transcription').getByRole('button', { name: 'Print' }).click();
  await dayPanel(1).getByRole('button', { name: 'Print Short Form' }).click();
  await dayPanel(1).getByRole('button', { name: 'Print Long Form' }).click();
  const printed = await printedDocuments(page, 4);
  assert.deepEqual(
    printed.map((p) => p.title),
    [`${SERMON_TITLE} - Outline`, `${SERMON_TITLE} - Transcript`, `${SERMON_TITLE} - Day 1: ${edited.dayTitle} (Short Form)`, `${SERMON_TITLE} - Day 1: ${edited.dayTitle} (Long Form)`],
  );
  for (const doc of printed) {
    assert.equal(doc.heading, doc.title, 'the printed page starts with its title');
    assert.match(doc.stamp, stamp);
  }
  assert.ok(printed[0]!.text.includes(edited.theme), 'the printed outline carries the edit');
  for (const title of mainPointTitles) assert.ok(printed[0]!.text.includes(title), `the printed outline lists the main point "${title}"`);
  assert.ok(printed[1]!.text.toLowerCase().includes('loved the world'));
  assert.ok(printed[2]!.text.includes(edited.closingPrayer), 'the printed Short Form carries the edited prayer');
  assert.match(printed[2]!.text, /whoever believes in him should not perish/);

  // What the printer receives, rendered for a look.
  const sheet = await context.newPage();
  for (const [index, doc] of printed.entries()) {
    await sheet.setContent(doc.html);
    await screenshot(sheet, `49-printed-${index + 1}`);
  }
  await sheet.close();
});

test('the PASTOR publishes and the dashboard counts change', async () => {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await toast('Sermon published successfully').waitFor(VISIBLE);
  await page.getByText('Published', { exact: true }).waitFor(VISIBLE);
  assert.equal(await page.getByRole('button', { name: 'Publish', exact: true }).count(), 0, 'Publish only in REVIEW');
  await screenshot(page, '50-published');

  await openDashboard();
  assert.deepEqual(await stat('Total Sermons'), { value: 1, note: '1 published' });
  assert.deepEqual(await stat('Processing'), { value: 0, note: 'being processed' });
  assert.equal((await stat('This Month')).value, 1);
  const recent = page.getByRole('link', { name: /View/ }).first();
  await page.getByText(SERMON_TITLE).first().waitFor(VISIBLE);
  assert.equal(await recent.getAttribute('href'), `/sermons/${sermonId}`);
  await screenshot(page, '51-dashboard-after-publish');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sermons' }).click();
  const row = page.getByRole('link', { name: new RegExp(SERMON_TITLE) });
  await row.waitFor(VISIBLE);
  assert.match(await row.innerText(), /Published/);
  await screenshot(page, '52-library');
  assert.deepEqual(pageErrors, [], 'no uncaught errors in the page');
});

test('a STAFF user reviews the sermon but sees no devotional Edit button (and the server refuses the edit)', async () => {
  const staffPage = await journey.newPage({ errorLabel: 'staff: ' });
  await journey.signIn(staffPage, staff, `/sermons/${sermonId}`);
  await staffPage.getByRole('heading', { name: SERMON_TITLE }).waitFor(VISIBLE);
  const series = staffPage.locator('[aria-label="5-Day Devotional Series"]');
  await series.locator('details[data-day]').first().waitFor(VISIBLE);
  assert.equal(await series.locator('details[data-day]').count(), 5);
  assert.ok(await series.getByRole('button', { name: 'Print Short Form' }).first().isVisible());
  assert.equal(await series.getByRole('button', { name: 'Edit' }).count(), 0, 'no devotional Edit for STAFF');
  assert.ok(await staffPage.locator('[aria-label="Sermon Outline"]').getByRole('button', { name: 'Edit' }).isVisible(), 'outline editing is not gated');
  await screenshot(staffPage, '53-staff-review');

  const token = await apiSignIn(stack, staff);
  const details = (await (await fetch(`${stack.origin}/api/sermons/sermons/${sermonId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { devotionals: { id: string }[] };
  const refused = await fetch(`${stack.origin}/api/sermons/devotionals/${details.devotionals[0]!.id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Not allowed' }),
  });
  assert.equal(refused.status, 403);
  await staffPage.context().close();
  assert.deepEqual(pageErrors, []);
});
