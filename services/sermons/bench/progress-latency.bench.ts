// Progress latency: a pipeline progress report (POST /internal/sermons/{id}/progress with the
// service token, as the worker sends it) → the `progress` event arriving on a WebSocket that a
// real headless Chromium page holds open on /api/sermons/live (protocol v1, topic sermon:<id>).
// The sermons service runs in its own process on real Postgres/Kafka/Temporal; the reports go
// through its transaction (progress row + outbox) before the push. Target: p95 under 250 ms.
// Both ends stamp epoch time (performance.timeOrigin + now()); the browser–bench clock offset is
// measured and subtracted. Prints; does not assert.
// Run: node bench/progress-latency.bench.ts   (PROGRESS_UPDATES=500 PROGRESS_RATE=20)
import { randomUUID } from 'node:crypto';
import { chromium } from 'playwright-core';
import type { Page } from 'playwright-core';
import { loadAverage, percentile, targetLine } from '@lectern/local-stack/bench';
import { startSermonsService } from './sermons-service.process.ts';
import { SermonsInternalClient } from '@lectern/workflows/testing';

const UPDATES = Number(process.env.PROGRESS_UPDATES ?? 500);
const RATE = Number(process.env.PROGRESS_RATE ?? 20);
const TARGET_P95_MS = 250;

const epochNow = () => performance.timeOrigin + performance.now();
const loadAtStart = loadAverage();
const service = await startSermonsService();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const orgId = randomUUID();
  const pastor = await service.token(orgId, 'PASTOR');
  const created = await fetch(`${service.base}/api/sermons/sermons`, {
    method: 'POST',
    headers: { authorization: `Bearer ${pastor}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Latency', speaker: 'Bench', recordedAt: '2026-11-15', file: { name: 'latency.mp3', size: 1_000_000, contentType: 'audio/mpeg' } }),
  });
  if (created.status !== 201) throw new Error(`creating the sermon answered ${created.status}: ${await created.text()}`);
  const sermonId = ((await created.json()) as { sermon: { id: string } }).sermon.id;

  const page = await browser.newPage();
  await page.setContent('<title>progress latency</title>');
  const wsUrl = `${service.base.replace(/^http/, 'ws')}/api/sermons/live`;
  await page.evaluate(async ({ url, token, topic }) => {
    const arrivals: Record<string, number> = {};
    (globalThis as unknown as { arrivals: Record<string, number> }).arrivals = arrivals;
    const ws = new WebSocket(url, ['lectern.live.v1', `bearer.${token}`]);
    await new Promise<void>((resolve, reject) => {
      ws.onerror = () => reject(new Error('WebSocket error'));
      ws.onclose = (event) => reject(new Error(`WebSocket closed ${event.code} ${event.reason}`));
      ws.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', topic }));
        else if (message.type === 'subscribed') resolve();
        else if (message.type === 'error') reject(new Error(`${message.code}: ${message.message}`));
      };
    });
    ws.onmessage = (event) => {
      const at = performance.timeOrigin + performance.now();
      const message = JSON.parse(String(event.data));
      if (message.type === 'event' && message.event === 'progress' && typeof message.data?.message === 'string') arrivals[message.data.message] ??= at;
    };
  }, { url: wsUrl, token: pastor, topic: `sermon:${sermonId}` });
  const clockOffsetMs = await browserClockOffset(page);

  // The worker's own client: the same request the pipeline's activities send.
  const worker = new SermonsInternalClient({ baseUrl: service.base, token: service.internalToken });
  const post = (i: number) => worker.progress(sermonId, 'transcribe', Math.floor((i * 100) / UPDATES), `bench ${i}`);
  // Warm-up (JIT, pool, keep-alive connection) outside the measurement.
  for (let i = 0; i < 20; i += 1) await worker.progress(sermonId, 'transcribe', 0, `warm-up ${i}`);

  // Open loop at RATE per second: a report is sent on schedule whatever the previous one did.
  const sentAt: number[] = [];
  const replies: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < UPDATES; i += 1) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt[i] = epochNow();
    replies.push(post(i));
  }
  await Promise.all(replies);
  const deadline = Date.now() + 5000;
  let arrivals: Record<string, number> = {};
  while (Date.now() < deadline) {
    arrivals = await page.evaluate(() => (globalThis as unknown as { arrivals: Record<string, number> }).arrivals);
    if (Object.keys(arrivals).filter((k) => k.startsWith('bench ')).length >= UPDATES) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const latencies: number[] = [];
  for (let i = 0; i < UPDATES; i += 1) {
    const at = arrivals[`bench ${i}`];
    if (at !== undefined) latencies.push(at - clockOffsetMs - (sentAt[i] as number));
  }
  latencies.sort((a, b) => a - b);
  const lost = UPDATES - latencies.length;
  console.log(`progress latency: ${UPDATES} reports at ${RATE}/s (POST internal progress → Chromium WebSocket 'progress'), ${latencies.length} received, ${lost} missing; browser clock offset ${clockOffsetMs.toFixed(2)} ms subtracted`);
  console.log(`load at start: ${loadAtStart}`);
  console.log(`latency ms: p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}  max ${percentile(latencies, 100).toFixed(1)}`);
  console.log(targetLine('progress latency p95', lost > 0 ? Number.POSITIVE_INFINITY : percentile(latencies, 95), 'ms', TARGET_P95_MS));
  if (lost > 0) console.log(`${lost} progress events never reached the browser: the p95 counts as not met`);
} finally {
  await browser.close();
  await service.close();
}

/**
 * Browser epoch clock minus this process's, from the round trip with the smallest delay (the
 * error is at most half that round trip).
 */
async function browserClockOffset(page: Page): Promise<number> {
  let best = { rtt: Number.POSITIVE_INFINITY, offset: 0 };
  for (let i = 0; i < 30; i += 1) {
    const before = epochNow();
    const browserAt = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = epochNow();
    if (after - before < best.rtt) best = { rtt: after - before, offset: browserAt - (before + after) / 2 };
  }
  return best.offset;
}
