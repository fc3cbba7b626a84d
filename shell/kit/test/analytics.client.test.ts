/**
 * @jest-environment jsdom
 */
// The browser analytics client: nothing sent while analytics_enabled is off (or not yet known),
// page views and capture events batched with keepalive fetch or sendBeacon, identify once per user
// (remembered in localStorage, also across a reload), reset on sign-out (new analytics id).
import { afterEach, beforeEach, expect, jest, test } from '@jest/globals';
import { createAnalytics, checkout2step, describeClick, ANONYMOUS_ID_KEY, BATCH_SIZE, FLUSH_DELAY_MS, IDENTIFIED_KEY, type Analytics } from '../src/analytics/analytics.client.ts';
import { createFlagsStore } from '../src/flags/flags.store.ts';
import { createSessionStore } from '../src/session/session.store.ts';
import { profile } from './session.fixtures.ts';

interface Call { url: string; init: RequestInit }

let calls: Call[];
let beacons: { url: string; body: string }[];
let client: Analytics | null;
let ids: number;

const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
  calls.push({ url: String(url), init: init ?? {} });
  return { ok: true, status: 204 } as Response;
}) as typeof fetch;

/** jsdom's Blob has no text(): read it as a browser page would. */
const blobText = (blob: Blob) => new Promise<string>((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.readAsText(blob);
});

function setUp(options: { flag?: boolean; withBeacon?: boolean } = {}) {
  const session = createSessionStore(localStorage);
  const flags = createFlagsStore();
  if (options.flag !== undefined) flags.getState().loaded({ analytics_enabled: options.flag });
  client = createAnalytics({
    session,
    flags,
    storage: localStorage,
    fetch: fakeFetch,
    sendBeacon: options.withBeacon
      ? (url, data) => {
        void blobText(data).then((body) => beacons.push({ url, body }));
        return true;
      }
      : undefined,
    randomId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`,
    currentPath: () => '/pricing',
  });
  return { session, flags, client };
}

const eventCalls = () => calls.filter((c) => c.url.endsWith('/analytics/events'));
const identifyCalls = () => calls.filter((c) => c.url.endsWith('/analytics/identify'));
const bodyOf = (call: Call) => JSON.parse(String(call.init.body));
/** Lets the pending promise chains (identify's fetch and answer) run; timers stay faked. */
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

beforeEach(() => {
  localStorage.clear();
  calls = [];
  beacons = [];
  ids = 0;
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
});
afterEach(() => {
  client?.stop();
  client = null;
  jest.useRealTimers();
});

test('with analytics_enabled off nothing is sent: no events, no identify', async () => {
  const { session, client } = setUp({ flag: false });
  client.pageview('/');
  client.capture('signup_started');
  session.getState().signedIn(profile(), 'jwt', Date.now() + 60_000);
  jest.advanceTimersByTime(FLUSH_DELAY_MS * 2);
  client.flush(true);
  await settle();
  expect(calls).toEqual([]);
});

test('while the flags load, events wait; the flag off drops them, never sending', async () => {
  const { flags, client } = setUp();
  client.pageview('/');
  jest.advanceTimersByTime(FLUSH_DELAY_MS * 2);
  expect(calls).toEqual([]);
  flags.getState().loaded({ analytics_enabled: false });
  jest.advanceTimersByTime(FLUSH_DELAY_MS * 2);
  expect(calls).toEqual([]);
});

test('while the flags load, events wait; the flag on sends them in one batch', async () => {
  const { flags, client } = setUp();
  client.pageview('/');
  client.pageview('/pricing?plan=premium#top');
  flags.getState().loaded({ analytics_enabled: true });
  expect(eventCalls()).toHaveLength(1);
  const body = bodyOf(eventCalls()[0]!);
  expect(body.events.map((e: { name: string; path: string }) => [e.name, e.path])).toEqual([['$pageview', '/'], ['$pageview', '/pricing']]);
  expect(eventCalls()[0]!.init.keepalive).toBe(true);
});

test('events are batched: one request per 5 s or per 20 events; the two-step checkout\'s names carry the checkout2step. prefix', () => {
  const { client } = setUp({ flag: true });
  client.capture('payment_submitted', { plan: 'PREMIUM_MONTHLY' });
  client.capture(checkout2step('payment_submitted'), { plan: 'COTR_SPECIAL_YEARLY' });
  expect(eventCalls()).toHaveLength(0);
  jest.advanceTimersByTime(FLUSH_DELAY_MS);
  expect(eventCalls()).toHaveLength(1);
  const events = bodyOf(eventCalls()[0]!).events;
  expect(events.map((e: { name: string }) => e.name)).toEqual(['payment_submitted', 'checkout2step.payment_submitted']);
  expect(events[0]).toMatchObject({ path: '/pricing', properties: { plan: 'PREMIUM_MONTHLY' } });
  for (let i = 0; i < BATCH_SIZE; i += 1) client.pageview(`/p${i}`);
  expect(eventCalls()).toHaveLength(2);
  expect(bodyOf(eventCalls()[1]!).events).toHaveLength(BATCH_SIZE);
});

test('a hidden page sends its queue with sendBeacon', async () => {
  const { client } = setUp({ flag: true, withBeacon: true });
  client.pageview('/');
  client.flush(true);
  jest.useRealTimers();
  for (let waited = 0; beacons.length === 0 && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(eventCalls()).toHaveLength(0);
  expect(beacons).toHaveLength(1);
  expect(beacons[0]!.url).toBe('/api/identity/analytics/events');
  expect(JSON.parse(beacons[0]!.body).events[0]).toMatchObject({ name: '$pageview', path: '/' });
});

test('identify happens once per user: token refreshes, profile reloads and a reload do not repeat it', async () => {
  const { session } = setUp({ flag: true });
  const user = profile({ id: 'u-1', email: 'pat@church.org' });
  session.getState().signedIn(user, 'jwt-1', Date.now() + 60_000);
  await settle();
  expect(identifyCalls()).toHaveLength(1);
  const call = identifyCalls()[0]!;
  expect((call.init.headers as Record<string, string>).authorization).toBe('Bearer jwt-1');
  expect(bodyOf(call)).toEqual({ anonymousId: localStorage.getItem(ANONYMOUS_ID_KEY), userId: 'u-1', email: 'pat@church.org' });
  session.getState().tokenRefreshed('jwt-2', Date.now() + 120_000);
  session.getState().profileLoaded({ ...user, firstName: 'Patricia' });
  await settle();
  expect(identifyCalls()).toHaveLength(1);
  expect(localStorage.getItem(IDENTIFIED_KEY)).toBe('u-1');

  // A reload: a new client over the same storage, the session restored.
  client?.stop();
  const again = setUp({ flag: true });
  again.session.getState().signedIn(user, 'jwt-3', Date.now() + 60_000);
  await settle();
  expect(identifyCalls()).toHaveLength(1);
});

test('sign-out resets: the remembered user is forgotten and a new analytics id starts; the next user is identified under it', async () => {
  const { session, client } = setUp({ flag: true });
  session.getState().signedIn(profile({ id: 'u-1' }), 'jwt', Date.now() + 60_000);
  await settle();
  const firstId = client.anonymousId();
  client.pageview('/dashboard');
  session.getState().signedOut();
  await settle();
  expect(eventCalls()).toHaveLength(1);
  expect(bodyOf(eventCalls()[0]!).anonymousId).toBe(firstId);
  expect(localStorage.getItem(IDENTIFIED_KEY)).toBeNull();
  const secondId = client.anonymousId();
  expect(secondId).not.toBe(firstId);
  session.getState().signedIn(profile({ id: 'u-2', email: 'sam@church.org' }), 'jwt-b', Date.now() + 60_000);
  await settle();
  expect(identifyCalls().map((c) => [bodyOf(c).userId, bodyOf(c).anonymousId])).toEqual([['u-1', firstId], ['u-2', secondId]]);
});

test('a failed identify is not remembered, so the next session change tries again', async () => {
  let fail = true;
  const session = createSessionStore(localStorage);
  const flags = createFlagsStore();
  flags.getState().loaded({ analytics_enabled: true });
  client = createAnalytics({
    session,
    flags,
    storage: localStorage,
    fetch: (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init: init ?? {} });
      return { ok: !fail, status: fail ? 503 : 204 } as Response;
    }) as typeof fetch,
  });
  session.getState().signedIn(profile(), 'jwt', Date.now() + 60_000);
  await settle();
  expect(localStorage.getItem(IDENTIFIED_KEY)).toBeNull();
  fail = false;
  session.getState().tokenRefreshed('jwt-2', Date.now() + 60_000);
  await settle();
  expect(identifyCalls()).toHaveLength(2);
  expect(localStorage.getItem(IDENTIFIED_KEY)).toBe('u1');
});

test('autocapture describes buttons and links without e-mail addresses or query strings', () => {
  document.body.innerHTML = '<button id="b"><span>Get Started →</span></button><a id="a" href="/pricing?ref=x">Pricing</a><a id="m" href="mailto:x@y.org">x@y.org</a><p id="p">text</p>';
  expect(describeClick(document.querySelector('#b span'))).toEqual({ element: 'button', text: 'Get Started →' });
  expect(describeClick(document.getElementById('a'))).toEqual({ element: 'a', text: 'Pricing', href: '/pricing' });
  expect(describeClick(document.getElementById('m'))).toEqual({ element: 'a' });
  expect(describeClick(document.getElementById('p'))).toBeNull();
});
