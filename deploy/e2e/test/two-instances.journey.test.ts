// The sermon path on the layout Kubernetes runs (issue 12): two identity and two sermons
// instances behind the edge (round-robin), one worker. A pastor signs in through the edge (each
// sign-in may land on either identity; both verify at sermons), creates a sermon on sermons
// instance A, uploads the recording to instance B with A's signed link, and a staff socket on
// each instance (and one through the edge) sees the live progress and REVIEW, whichever instance
// received the worker's reports. Real parts: Postgres, Kafka, Temporal, the worker (ffmpeg,
// faster-whisper, the generator), the edge.
import { test, beforeAll, afterAll } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from './stack.helpers.ts';
import type { Stack } from './stack.helpers.ts';
import { apiSignIn, seedOrganization, seedPerson } from './auth.fixtures.ts';

const PIPELINE_MS = 300_000;
let stack: Stack;
let workDir = '';

beforeAll(async () => {
  stack = await startStack({ sermons: true, instances: 2 });
  workDir = mkdtempSync(join(tmpdir(), 'lectern-e2e-two-'));
}, 300_000);

afterAll(async () => {
  await stack?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

interface Follower {
  where: string;
  events: { event: string; data: { status?: string; transcribePct?: number } }[];
  close: () => void;
}

async function follow(base: string, token: string, sermonId: string, where: string): Promise<Follower> {
  // Node's own WebSocket (the browser API), offering the token as the documented subprotocol entry.
  const socket = new WebSocket(`${base.replace('http', 'ws')}/api/sermons/live`, ['lectern.live.v1', `bearer.${token}`]);
  const events: Follower['events'] = [];
  let subscribed = false;
  socket.addEventListener('message', (frame) => {
    const message = JSON.parse(String(frame.data)) as { type: string; event?: string; data?: Follower['events'][number]['data'] };
    if (message.type === 'subscribed') subscribed = true;
    if (message.type === 'event') events.push({ event: message.event!, data: message.data! });
  });
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`${where}: the live socket did not open`)), { once: true });
  });
  socket.send(JSON.stringify({ type: 'subscribe', topic: `sermon:${sermonId}` }));
  await waitFor(() => subscribed, 10_000, `${where}: subscribed`);
  return { where, events, close: () => socket.close() };
}

test('two identity and two sermons instances: signed on A, uploaded to B, live progress and REVIEW on both', async () => {
  const [identityA, identityB] = stack.instances.identity!;
  const [sermonsA, sermonsB] = stack.instances.sermons!;
  assert.ok(identityA && identityB && sermonsA && sermonsB, 'two instances of identity and of sermons');

  const orgId = await seedOrganization(stack, 'Grace Church');
  const pastor = await seedPerson(stack, orgId, 'PASTOR');
  const staff = await seedPerson(stack, orgId, 'STAFF');
  // Two sign-ins through the edge: round-robin sends them to different identity instances; the
  // tokens of both verify at both sermons instances.
  const pastorToken = await apiSignIn(stack, pastor);
  const staffToken = await apiSignIn(stack, staff);
  for (const base of [sermonsA, sermonsB]) {
    for (const token of [pastorToken, staffToken]) {
      assert.equal((await fetch(`${base}/api/sermons/quota`, { headers: { authorization: `Bearer ${token}` } })).status, 200);
    }
  }

  const mp3 = readFileSync(spokenMp3(workDir, 'Good morning church. Today we read John chapter three verse sixteen. For God so loved the world. Let us share that love this week.'));
  const created = await fetch(`${sermonsA}/api/sermons/sermons`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pastorToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Loved First', speaker: 'Pastor Ann', recordedAt: '2026-11-15', file: { name: 'loved.mp3', size: mp3.length, contentType: 'audio/mpeg' } }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const body = (await created.json()) as { sermon: { id: string }; upload: { url: string; headers: Record<string, string> } };
  const sermonId = body.sermon.id;

  const followers = [
    await follow(sermonsA, staffToken, sermonId, 'instance A'),
    await follow(sermonsB, staffToken, sermonId, 'instance B'),
    await follow(stack.origin, pastorToken, sermonId, 'through the edge'),
  ];
  try {
    // The link instance A signed, received by instance B.
    const upload = new URL(body.upload.url);
    const put = await fetch(`${sermonsB}${upload.pathname}${upload.search}`, { method: 'PUT', headers: body.upload.headers, body: mp3 });
    assert.equal(put.status, 200, await put.clone().text());

    const reviewed = (f: Follower) => f.events.some((e) => e.event === 'status' && e.data.status === 'REVIEW');
    await waitFor(() => followers.every(reviewed), PIPELINE_MS, 'REVIEW on every socket');
    for (const follower of followers) {
      assert.ok(follower.events.some((e) => e.event === 'progress' && (e.data.transcribePct ?? 0) > 0), `${follower.where}: transcription progress seen live`);
      assert.equal(follower.events.filter((e) => e.event === 'status' && e.data.status === 'REVIEW').length, 1, `${follower.where}: REVIEW once`);
    }
  } finally {
    for (const follower of followers) follower.close();
  }
  const details = await fetch(`${stack.origin}/api/sermons/sermons/${sermonId}`, { headers: { authorization: `Bearer ${pastorToken}` } });
  assert.equal(((await details.json()) as { sermon: { status: string } }).sermon.status, 'REVIEW');
}, PIPELINE_MS + 60_000);

function spokenMp3(dir: string, words: string): string {
  const wav = join(dir, 'speech.wav');
  const mp3 = join(dir, 'sermon.mp3');
  execFileSync('espeak-ng', ['-s', '150', '-w', wav, words]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', wav, '-b:a', '96k', mp3]);
  return mp3;
}

async function waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
