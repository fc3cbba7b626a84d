/// <reference types="node" />
import { test, afterEach, jest } from '@jest/globals';
import assert from 'node:assert/strict';
import { ApiError } from '../src/api/api.error.ts';
import { createSessionStore } from '../src/session/session.store.ts';
import { createSessionKeeper, INITIAL_CHECK_MS, REFRESH_MARGIN_MS, REFRESH_TICK_MS } from '../src/session/session.keeper.ts';
import type { SessionBody } from '../src/session/identity.client.ts';
import { memoryStorage, profile, sessionBody } from './session.fixtures.ts';

afterEach(() => {
  jest.useRealTimers();
});

const T0 = 1_800_000_000_000;

function setup(refreshImpl: () => Promise<SessionBody>, storage = memoryStorage()) {
  const clock = { now: T0 };
  const sleeps: number[] = [];
  const store = createSessionStore(storage);
  let refreshCalls = 0;
  const keeper = createSessionKeeper({
    store,
    identity: {
      refresh: () => {
        refreshCalls++;
        return refreshImpl();
      },
      me: async () => profile({ firstName: 'Fresh' }),
    },
    now: () => clock.now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    withLock: (fn) => fn(),
  });
  return { clock, sleeps, store, keeper, storage, refreshes: () => refreshCalls };
}

test('nothing persisted: the session settles signed out without asking the server', async () => {
  const s = setup(async () => assert.fail('no refresh expected'));
  await s.keeper.start();
  s.keeper.stop();
  assert.equal(s.store.getState().status, 'anonymous');
  assert.equal(s.refreshes(), 0);
});

test('a persisted token far from expiry signs in at once and reloads the profile', async () => {
  const storage = memoryStorage();
  createSessionStore(storage).getState().signedIn(profile(), 'persisted', T0 + 10 * 60_000);
  const s = setup(async () => assert.fail('no refresh expected'), storage);
  assert.equal(s.store.getState().status, 'unknown', 'the status itself is never persisted');
  await s.keeper.start();
  s.keeper.stop();
  assert.equal(s.store.getState().status, 'authenticated');
  assert.equal(s.store.getState().accessToken, 'persisted');
  assert.equal(s.store.getState().user?.firstName, 'Fresh');
  assert.ok(!storage.map.get('lectern.session')?.includes('refresh'), 'no refresh token in storage');
});

test('the tick refreshes only within 90 s of expiry', async () => {
  const s = setup(async () => sessionBody('new', T0 + 15 * 60_000));
  s.store.getState().signedIn(profile(), 'old', T0 + REFRESH_MARGIN_MS + REFRESH_TICK_MS);
  await s.keeper.onTick();
  assert.equal(s.refreshes(), 0, 'two minutes left: no refresh yet');
  s.clock.now += REFRESH_TICK_MS;
  await s.keeper.onTick();
  assert.equal(s.refreshes(), 1);
  assert.equal(s.store.getState().accessToken, 'new');
  assert.equal(s.store.getState().accessTokenExpiresAt, T0 + 15 * 60_000);
});

test('transient failures are retried after 200, 400, 800… ms; a 401 signs out', async () => {
  let calls = 0;
  const s = setup(async () => {
    calls++;
    if (calls < 4) throw new ApiError(503, { detail: 'busy' });
    return sessionBody('after-retries', T0 + 900_000);
  });
  s.store.getState().signedIn(profile(), 'old', T0 + 1000);
  assert.equal(await s.keeper.refresh(), 'refreshed');
  assert.deepEqual(s.sleeps, [200, 400, 800]);
  assert.equal(s.store.getState().accessToken, 'after-retries');

  const expired = setup(async () => {
    throw new ApiError(401, { reason: 'refresh_reused', detail: 'Your session has expired. Please sign in again.' });
  });
  expired.store.getState().signedIn(profile(), 'old', T0 + 1000);
  assert.equal(await expired.keeper.refresh(), 'signed-out');
  assert.equal(expired.store.getState().status, 'anonymous');
  assert.deepEqual(expired.sleeps, [], 'a refused refresh is not retried');
});

test('an unreachable server keeps the session and gives up after five attempts until the next tick', async () => {
  const s = setup(async () => {
    throw new ApiError(0, {});
  });
  s.store.getState().signedIn(profile(), 'old', T0 + 1000);
  assert.equal(await s.keeper.refresh(), 'unavailable');
  assert.deepEqual(s.sleeps, [200, 400, 800, 1600]);
  assert.equal(s.store.getState().status, 'authenticated');
});

test('concurrent refreshes in one tab share one request', async () => {
  let release: (body: SessionBody) => void = () => {};
  const s = setup(() => new Promise((resolve) => (release = resolve)));
  s.store.getState().signedIn(profile(), 'old', T0 + 1000);
  const a = s.keeper.refresh();
  const b = s.keeper.refresh();
  await new Promise((resolve) => setImmediate(resolve));
  release(sessionBody('one', T0 + 900_000));
  assert.deepEqual(await Promise.all([a, b]), ['refreshed', 'refreshed']);
  assert.equal(s.refreshes(), 1);
});

test('a tab that waited for the lock adopts the token another tab just stored instead of reusing the cookie', async () => {
  const storage = memoryStorage();
  const tabA = setup(async () => assert.fail('tab A must not refresh'), storage);
  tabA.store.getState().signedIn(profile(), 'old', T0 + 1000);
  // Tab B refreshed meanwhile and persisted its result in the shared storage.
  createSessionStore(storage).getState().tokenRefreshed('from-tab-b', T0 + 900_000, profile());
  assert.equal(await tabA.keeper.refresh(), 'refreshed');
  assert.equal(tabA.store.getState().accessToken, 'from-tab-b');
  assert.equal(tabA.refreshes(), 0);
});

test('the initial fallback check settles a session still loading after 800 ms', async () => {
  jest.useFakeTimers({ doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate'] });
  const storage = memoryStorage();
  createSessionStore(storage).getState().signedIn(profile(), 'persisted', T0 + 30_000);
  const s = setup(() => new Promise(() => {}), storage); // the refresh never answers
  void s.keeper.start();
  assert.equal(s.store.getState().status, 'unknown');
  jest.advanceTimersByTime(INITIAL_CHECK_MS - 1);
  assert.equal(s.store.getState().status, 'unknown');
  jest.advanceTimersByTime(1);
  assert.equal(s.store.getState().status, 'authenticated', 'the persisted token has not expired yet');
  s.keeper.stop();
});
