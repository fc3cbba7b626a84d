// The sermon pipeline in a real browser (issue 4's journey): a PASTOR uploads a spoken recording,
// watches the stepper advance live, reviews the transcript, outline and 5-day devotional, edits
// the outline and a devotional, prints, publishes, and the dashboard counts change. Real parts
// throughout: identity, sermons, the Temporal worker (ffmpeg, faster-whisper, the extractive
// generator, the World English Bible), Postgres, Kafka, the edge and Chromium.
// On the layout Kubernetes runs (issue 12): two identity and two sermons instances behind the
// edge, which hands requests and WebSocket upgrades to them in turn. The upload link is signed by
// one sermons instance and the bytes are received by the other, and two STAFF pages whose live
// sockets sit on different instances follow the same processing to REVIEW (instances.helpers.ts
// reads which instance served what from their logs; the evidence goes to
// test-results/two-instances.json).
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patience } from '@lectern/local-stack/testing';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { resultsDir, screenshot } from './frontend.helpers.ts';
import { browserJourney } from './journey.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { identityCall, solvedCaptcha } from './stack.helpers.ts';
import { apiSignIn, seedOrganization, seedPerson } from './auth.fixtures.ts';
import type { Person } from './auth.fixtures.ts';
import { signInThroughForm, VISIBLE } from './signin.helpers.ts';
import { dropFiles, JOURNAL_SCRIPT, printedDocuments, stepperJournal, toastJournal, uploadJournal } from './sermons.page-probes.ts';
import { instanceOfNextLiveConnection, instanceThatServed, liveConnectionsOf, logLinesWith, probe, steerNextRequestTo } from './instances.helpers.ts';

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

const journey = browserJourney({ sermons: true, instances: 2 });
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
const liveEvents: LiveEvent[] = [];
/** Which sermons instance (0 or 1) did what, read from their logs, with the log lines that show it. */
const evidence: Record<string, { instance: string; lines: string[] }> = {};
/** STAFF pages following the sermon live, their sockets on different instances. */
const watchers: Watcher[] = [];
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
      const message = liveMessage(payload);
      if (message?.type === 'event') liveEvents.push(liveEvent(message));
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

/** A live event as the journey compares them: 'progress' or 'status:REVIEW', and the transcription's percent. */
interface LiveEvent {
  name: string;
  transcribePct: number;
}

interface LiveMessage {
  type?: string;
  event?: string;
  data?: { status?: string; transcribePct?: number };
}

function liveMessage(payload: string | Buffer): LiveMessage | null {
  try {
    return JSON.parse(payload.toString()) as LiveMessage;
  } catch {
    return null; // not JSON: not an event
  }
}

const liveEvent = (message: LiveMessage): LiveEvent => ({
  name: `${message.event}${message.event === 'status' ? `:${message.data?.status}` : ''}`,
  transcribePct: message.data?.transcribePct ?? 0,
});
const named = (events: LiveEvent[], name: string) => events.filter((event) => event.name === name);

interface Watcher {
  page: Page;
  /** The sermons instance its live socket sits on. */
  instance: number;
  /** Live events received by its current socket. */
  events: LiveEvent[];
}

async function userIdOf(person: Person): Promise<string> {
  const { rows } = await stack.identityDb.query<{ id: string }>('select id from users where email = $1', [person.email]);
  return rows[0]!.id;
}

const LIVE_READY = '"msg":"live connection ready"';

/** Records which sermons instance served `what`: a request's lines, or a socket's latest 'live connection ready'. */
function record(what: string, instance: number, ...needles: string[]): void {
  const lines = logLinesWith(stack, 'sermons', instance, ...needles);
  evidence[what] = { instance: `sermons-${instance + 1}`, lines: needles.includes(LIVE_READY) ? lines.slice(-1) : lines };
}

/**
 * Opens the sermon page in `page` and reloads it until its live socket sits on an instance other
 * than `avoid`: a probe between loads moves the edge's turn on, as the page's own requests are the
 * same at every load.
 */
async function watchSermon(page: Page, userId: string, avoid: number | null): Promise<Watcher> {
  const watcher: Watcher = { page, instance: -1, events: [] };
  let subscribed = false;
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/api/sermons/live')) return;
    const events: LiveEvent[] = [];
    watcher.events = events;
    subscribed = false;
    socket.on('framereceived', ({ payload }) => {
      const message = liveMessage(payload);
      if (message?.type === 'subscribed') subscribed = true;
      if (message?.type === 'event') events.push(liveEvent(message));
    });
  });
  for (let load = 0; load < 6; load++) {
    const before = liveConnectionsOf(stack, 'sermons', userId);
    if (load === 0) await page.goto(`${stack.origin}/sermons/${sermonId}`);
    else await page.reload();
    await page.getByRole('region', { name: 'Processing progress' }).waitFor(VISIBLE);
    for (const deadline = Date.now() + patience(20_000); !subscribed; ) {
      if (Date.now() > deadline) throw new Error('the watching page did not subscribe to the sermon');
      await page.waitForTimeout(100);
    }
    watcher.instance = await instanceOfNextLiveConnection(stack, 'sermons', userId, before);
    if (watcher.instance !== avoid) return watcher;
    await probe(stack, 'sermons');
  }
  throw new Error(`the watching page's socket stayed on instance ${avoid}`);
}

/**
 * Stops the page's JavaScript just before it sends a request whose URL contains `urlPart`
 * (DevTools' XHR/fetch breakpoint). Nothing intercepts the request itself: once resumed, the
 * browser sends it as it would have (an intercepted upload loses its progress events).
 */
async function holdBeforeSending(cdp: CDPSession, urlPart: string): Promise<{ held: Promise<void>; release(): Promise<void> }> {
  const held = new Promise<void>((resolve) => cdp.on('Debugger.paused', (event) => event.reason === 'XHR' && resolve()));
  await cdp.send('Debugger.enable');
  await cdp.send('DOMDebugger.setXHRBreakpoint', { url: urlPart });
  return {
    held,
    async release() {
      await cdp.send('DOMDebugger.removeXHRBreakpoint', { url: urlPart });
      await cdp.send('Debugger.resume');
      await cdp.send('Debugger.disable');
    },
  };
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

test('two identity and two sermons instances run behind the edge; a session from either identity instance is accepted by either sermons instance', async () => {
  const identities = stack.instances.identity!;
  const sermons = stack.instances.sermons!;
  assert.equal(identities.length, 2, 'two identity instances');
  assert.equal(sermons.length, 2, 'two sermons instances');
  for (const [index, identity] of identities.entries()) {
    for (const person of [pastor, staff]) {
      const captcha = await solvedCaptcha(identity);
      const { accessToken } = await identityCall<{ accessToken: string }>(identity, 'POST', '/session', { email: person.email, password: person.password, captcha });
      for (const [at, base] of sermons.entries()) {
        const answer = await fetch(`${base}/api/sermons/quota`, { headers: { authorization: `Bearer ${accessToken}` } });
        assert.equal(answer.status, 200, `${person.role}'s session from identity-${index + 1} at sermons-${at + 1}: ${await answer.text()}`);
      }
    }
  }
});

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

  // Two STAFF pages will follow the sermon live; signed in now, they open it once it exists.
  const watcherContext = await journey.newContext({ errorLabel: 'watcher: ' });
  await watcherContext.addInitScript({ content: JOURNAL_SCRIPT });
  const watcherPages = [await watcherContext.newPage(), await watcherContext.newPage()];
  await journey.signIn(watcherPages[0]!, staff);
  const [staffId, pastorId] = [await userIdOf(staff), await userIdOf(pastor)];

  // Loopback is too fast to see a ~200 KB upload move: throttle the browser's uploads only.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 40 * 1024 });
  // The page is held just before it sends the file, until the watching pages are in place and the
  // edge's next turn is the sermons instance that did not sign the link.
  const upload = await holdBeforeSending(cdp, '/api/sermons/uploads/');
  const isCall = (method: string, path: RegExp) => (response: { request(): { method(): string }; url(): string }) => response.request().method() === method && path.test(new URL(response.url()).pathname);
  const createAnswer = page.waitForResponse(isCall('POST', /^\/api\/sermons\/sermons$/), PIPELINE);
  const uploadAnswer = page.waitForResponse(isCall('PUT', /^\/api\/sermons\/uploads\//), PIPELINE);
  const clicked = form.getByRole('button', { name: 'Start' }).click().then(() => null, (error: unknown) => error);
  const created = await createAnswer;
  assert.equal(created.status(), 201);
  const answer = (await created.json()) as { sermon: { id: string }; upload: { url: string } };
  sermonId = answer.sermon.id;
  const createId = created.headers()['x-request-id']!;
  const signedBy = await instanceThatServed(stack, 'sermons', createId);
  record('linkSignedBy', signedBy, createId);
  await upload.held;
  watchers.push(await watchSermon(watcherPages[0]!, staffId, null));
  watchers.push(await watchSermon(watcherPages[1]!, staffId, watchers[0]!.instance));
  const pastorSockets = liveConnectionsOf(stack, 'sermons', pastorId);
  // No request of the watching pages may take the turn between the steering and the PUT.
  for (const watcher of watchers) await watcher.page.waitForLoadState('networkidle');
  await steerNextRequestTo(stack, 'sermons', 1 - signedBy);
  await upload.release();
  assert.equal(await clicked, null, 'Start was clicked');

  const progress = page.getByTestId('upload-progress');
  await progress.waitFor(VISIBLE);
  await page.waitForFunction(() => {
    const bar = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector('[data-testid="upload-progress"] [role="progressbar"]');
    const value = Number(bar?.getAttribute('aria-valuenow') ?? 0);
    return value > 0 && value < 100;
  }, undefined, VISIBLE);
  await screenshot(page, '42-upload-progress');
  const uploaded = await uploadAnswer;
  assert.equal(uploaded.status(), 200);
  assert.equal(uploaded.url(), new URL(answer.upload.url, stack.origin).href, 'the file went to the link the create answer signed');
  const uploadId = uploaded.headers()['x-request-id']!;
  const receivedBy = await instanceThatServed(stack, 'sermons', uploadId);
  record('uploadReceivedBy', receivedBy, uploadId);
  assert.notEqual(receivedBy, signedBy, 'the upload link one sermons instance signed was received by the other');

  await page.waitForURL(/\/sermons\/[0-9a-f-]{36}$/, PIPELINE);
  // A marker on the window: a reload or a full navigation would wipe it (checked at REVIEW).
  await page.evaluate(() => Object.assign(globalThis, { __sameDocument: true }));
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.detach();
  assert.equal(new URL(page.url()).pathname, `/sermons/${sermonId}`);
  await page.getByRole('heading', { name: SERMON_TITLE }).waitFor(VISIBLE);
  const pastorSocket = await instanceOfNextLiveConnection(stack, 'sermons', pastorId, pastorSockets);
  record('pastorSocketOn', pastorSocket, LIVE_READY, `"userId":"${pastorId}"`);
  // Recognition alone takes several seconds: the stepper is there when the page opens.
  const stepper = page.getByRole('region', { name: 'Processing progress' });
  await stepper.waitFor({ timeout: patience(5000) });
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
  assert.ok(named(liveEvents, 'progress').length >= 3, `progress events arrived over the WebSocket, got ${JSON.stringify(liveEvents)}`);
  assert.ok(named(liveEvents, 'progress').some((e) => e.transcribePct > 0), `transcription progress arrived over the WebSocket, got ${JSON.stringify(liveEvents)}`);
  assert.equal(named(liveEvents, 'status:REVIEW').length, 1, `the REVIEW status arrived over the WebSocket once, got ${JSON.stringify(liveEvents)}`);
  writeFileSync(join(resultsDir, 'sermon-stepper-journal.json'), `${JSON.stringify(states, null, 2)}\n`);

  // The two STAFF pages, one socket on each instance: the worker reports to the first instance
  // only, so the page on the second sees progress and REVIEW through the cross-instance fan-out.
  assert.deepEqual(watchers.map((w) => w.instance).sort(), [0, 1], "the watching pages' sockets sit on both instances");
  const staffId = await userIdOf(staff);
  for (const [index, watcher] of watchers.entries()) {
    const who = `watching page ${index + 1} (socket on sermons-${watcher.instance + 1})`;
    await watcher.page.getByText('Ready for Review', { exact: true }).waitFor(PIPELINE);
    const seen = [...new Set((await stepperJournal(watcher.page)).filter((s) => s.path === `/sermons/${sermonId}`).map((s) => s.steps))];
    assert.ok(seen.some((steps) => /\b(transcribe|outline|devotion)=processing\b/.test(steps)), `${who}: a later step was shown processing, live; saw ${JSON.stringify(seen)}`);
    assert.ok(seen.some((steps) => /=processing\(([1-9]\d?)%\)/.test(steps)), `${who}: a step's percent between 1 and 99 was shown; saw ${JSON.stringify(seen)}`);
    assert.ok(named(watcher.events, 'progress').length >= 3, `${who}: progress events on its socket, got ${JSON.stringify(watcher.events)}`);
    assert.ok(named(watcher.events, 'progress').some((e) => e.transcribePct > 0), `${who}: transcription progress on its socket, got ${JSON.stringify(watcher.events)}`);
    assert.equal(named(watcher.events, 'status:REVIEW').length, 1, `${who}: REVIEW once, got ${JSON.stringify(watcher.events)}`);
    record(`staffSocket${index + 1}On`, watcher.instance, LIVE_READY, `"userId":"${staffId}"`);
    await screenshot(watcher.page, `44c-watcher-on-sermons-${watcher.instance + 1}`);
  }
  await watchers[0]!.page.context().close();
  const token = await apiSignIn(stack, pastor);
  const details = (await (await fetch(`${stack.origin}/api/sermons/sermons/${sermonId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { sermon: { status: string } };
  assert.equal(details.sermon.status, 'REVIEW', 'the sermon is in REVIEW through the edge');
  writeFileSync(join(resultsDir, 'two-instances.json'), `${JSON.stringify(evidence, null, 2)}\n`);
  process.stderr.write(`[two instances] ${Object.entries(evidence).map(([what, { instance }]) => `${what} ${instance}`).join(', ')} (the worker reports to sermons-1)\n`);
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
