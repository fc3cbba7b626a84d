// Captcha solve time at the chosen difficulty: in Node and in headless Chromium with the
// browser's SubtleCrypto on one thread, as the ALTCHA widget's SHA worker does (the widget
// may split the range over several workers; one thread is the slow case).
// Run: node bench/captcha-solve.bench.ts   (CHROMIUM=/usr/bin/chromium, ROUNDS=20)
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { createChallenge, DEFAULT_MAX_NUMBER } from '../src/captcha/captcha.challenge.ts';
import { solveChallenge } from '../src/captcha/captcha.solver.ts';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const MAX_NUMBER = Number(process.env.MAX_NUMBER ?? DEFAULT_MAX_NUMBER);
const KEY = 'bench-captcha-hmac-key-of-at-least-32-bytes';

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const pick = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return `mean ${(values.reduce((a, b) => a + b, 0) / values.length).toFixed(0)} ms, median ${pick(0.5).toFixed(0)} ms, p90 ${pick(0.9).toFixed(0)} ms, max ${pick(1).toFixed(0)} ms`;
};

const challenges = Array.from({ length: ROUNDS }, () => createChallenge({ hmacKey: KEY, maxNumber: MAX_NUMBER }));

const nodeTimes = challenges.map((c) => {
  const start = performance.now();
  if (!solveChallenge(c)) throw new Error('unsolved challenge');
  return performance.now() - start;
});
console.log(`maxnumber ${MAX_NUMBER}, ${ROUNDS} challenges`);
console.log(`node (createHash):           ${stats(nodeTimes)}`);

// SubtleCrypto needs a secure context: serve a blank page from localhost.
const server = createServer((_req, res) => res.end('<!doctype html><title>captcha bench</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  const browserTimes: number[] = [];
  for (const c of challenges) {
    const took = await page.evaluate(async ({ challenge, salt, maxnumber }) => {
      const encoder = new TextEncoder();
      const start = performance.now();
      for (let n = 0; n <= maxnumber; n++) {
        const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(salt + n)));
        let hex = '';
        for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
        if (hex === challenge) return performance.now() - start;
      }
      throw new Error('unsolved challenge');
    }, c);
    browserTimes.push(took);
  }
  console.log(`chromium (SubtleCrypto, 1 thread): ${stats(browserTimes)}`);
} finally {
  await browser.close();
  server.close();
}
