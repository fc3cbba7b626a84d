import assert from 'node:assert/strict';
import { test } from '@jest/globals';
import { setTimeout as sleep } from 'node:timers/promises';
import { DrainLoop, type DrainPassResult } from '../../src/lifecycle/drain.loop.ts';

function recordingLoop(results: DrainPassResult[], options: { pollMs?: number } = {}) {
  const passes: number[] = [];
  let idles = 0;
  let active = 0;
  let overlapped = false;
  const loop = new DrainLoop({
    pollMs: options.pollMs ?? 60_000,
    pass: async () => {
      active += 1;
      overlapped ||= active > 1;
      passes.push(passes.length);
      await sleep(5);
      active -= 1;
      return results.shift() ?? 'idle';
    },
    onIdle: async () => {
      idles += 1;
    },
  });
  return { loop, passes, idles: () => idles, overlapped: () => overlapped };
}

test('a full batch runs another pass at once; an empty one ends the run and calls onIdle', async () => {
  const r = recordingLoop(['more', 'more', 'idle']);
  r.loop.start();
  await sleep(1);
  await r.loop.flush();
  assert.equal(r.passes.length, 3);
  assert.equal(r.idles(), 1);
  await r.loop.stop();
});

test('kicks during a pass coalesce into one more pass, never two at once', async () => {
  const r = recordingLoop([]);
  r.loop.start();
  for (let i = 0; i < 5; i += 1) r.loop.kick();
  await sleep(1);
  await r.loop.flush();
  assert.equal(r.passes.length, 2);
  assert.equal(r.overlapped(), false);
  await r.loop.stop();
});

test('a back-off ends the run without onIdle, ignores kicks made meanwhile, and kickIn wakes it', async () => {
  const r = recordingLoop(['backoff', 'idle']);
  r.loop.start();
  r.loop.kick();
  await sleep(1);
  await r.loop.flush();
  assert.equal(r.passes.length, 1);
  assert.equal(r.idles(), 0);
  r.loop.kickIn(20);
  await sleep(40);
  await r.loop.flush();
  assert.equal(r.passes.length, 2);
  assert.equal(r.idles(), 1);
  await r.loop.stop();
});

test('kicks before start and after stop are ignored; the poll timer wakes a started loop', async () => {
  const r = recordingLoop([], { pollMs: 15 });
  r.loop.kick();
  await sleep(30);
  assert.equal(r.passes.length, 0);
  r.loop.start();
  await sleep(60);
  await r.loop.stop();
  const after = r.passes.length;
  assert.ok(after >= 3, `${after} passes: the first at start, then the poll`);
  r.loop.kick();
  r.loop.kickIn(1);
  await sleep(30);
  assert.equal(r.passes.length, after);
});
