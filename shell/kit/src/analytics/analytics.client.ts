// Product analytics in the browser (spec 001 §7 Other, ADR 0025): page views on every route
// change, autocapture of button and link clicks, the capture events below (one global capture
// function, `window.lecternCapture`), identify once per user (remembered in localStorage), reset
// on sign-out. Events go in batches to Lectern's own collector (identity
// /api/identity/analytics/events) with fetch keepalive, or sendBeacon when the page is hidden.
// While analytics_enabled is not on, nothing is sent: events wait for the flags, and are dropped
// if the flag turns out off.
import type { StoreApi } from 'zustand';
import type { FlagsState } from '../flags/flags.store.ts';
import type { SessionState } from '../session/session.store.ts';

export const ANALYTICS_ENDPOINT = '/api/identity/analytics/events';
export const IDENTIFY_ENDPOINT = '/api/identity/analytics/identify';
export const ANONYMOUS_ID_KEY = 'lectern.analytics.id';
export const IDENTIFIED_KEY = 'lectern.analytics.identified';
export const BATCH_SIZE = 20;
export const FLUSH_DELAY_MS = 5_000;
/** Events kept while the flags load or the collector is away; older ones are dropped first. */
const QUEUE_LIMIT = 200;

/**
 * The capture events. The spec (001 §7) names none: these are ours, snake_case like the
 * collector's rule. Events of the two-step offer checkout (/cotr-special-step2) carry the same
 * names under the 'checkout2step.' prefix, so the two checkouts never mix.
 * waitlist_joined / waitlist_confirmed: the landing page's waiting list (properties: source);
 * migration_started: a console RSS migration queued (properties: videos).
 */
export const CAPTURE_EVENTS = ['signup_started', 'signup_completed', 'payment_submitted', 'payment_succeeded', 'payment_failed', 'waitlist_joined', 'waitlist_confirmed', 'migration_started'] as const;
export type CaptureEvent = (typeof CAPTURE_EVENTS)[number] | `checkout2step.${(typeof CAPTURE_EVENTS)[number]}`;
export const CHECKOUT2STEP_PREFIX = 'checkout2step.';
export const checkout2step = (name: (typeof CAPTURE_EVENTS)[number]): CaptureEvent => `${CHECKOUT2STEP_PREFIX}${name}`;

export type EventProperties = Record<string, string | number | boolean>;

interface QueuedEvent {
  name: string;
  path: string;
  properties?: EventProperties;
  at: number;
}

export interface AnalyticsDeps {
  session: StoreApi<SessionState>;
  flags: StoreApi<FlagsState>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  fetch: typeof fetch;
  /** navigator.sendBeacon when the browser has it. */
  sendBeacon?: (url: string, data: Blob) => boolean;
  now?: () => number;
  randomId?: () => string;
  currentPath?: () => string;
}

export interface Analytics {
  capture(name: CaptureEvent, properties?: EventProperties): void;
  pageview(path?: string): void;
  /** Sends what is queued now (keepalive fetch, or sendBeacon when `unloading`). */
  flush(unloading?: boolean): void;
  /** The browser's analytics id (new after every sign-out). */
  anonymousId(): string;
  stop(): void;
}

/** The path without query or fragment (tokens travel there; the collector refuses them). */
export const pathOnly = (path: string): string => path.split(/[?#]/, 1)[0] || '/';

export function createAnalytics(deps: AnalyticsDeps): Analytics {
  const now = deps.now ?? (() => Date.now());
  const randomId = deps.randomId ?? (() => crypto.randomUUID());
  const currentPath = deps.currentPath ?? (() => globalThis.location?.pathname ?? '/');
  let queue: QueuedEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const anonymousId = () => {
    let id = deps.storage.getItem(ANONYMOUS_ID_KEY);
    if (!id) {
      id = randomId();
      deps.storage.setItem(ANONYMOUS_ID_KEY, id);
    }
    return id;
  };
  const flag = () => deps.flags.getState().values.analytics_enabled;

  const schedule = () => {
    if (queue.length >= BATCH_SIZE) flush();
    else if (!timer) timer = setTimeout(() => flush(), FLUSH_DELAY_MS);
  };

  function enqueue(name: string, path: string, properties?: EventProperties): void {
    if (flag() === false) return;
    queue.push({ name, path: pathOnly(path), ...(properties ? { properties } : {}), at: now() });
    if (queue.length > QUEUE_LIMIT) queue = queue.slice(-QUEUE_LIMIT);
    schedule();
  }

  function flush(unloading = false): void {
    if (timer) clearTimeout(timer);
    timer = null;
    const enabled = flag();
    if (enabled === false) queue = [];
    if (enabled !== true || queue.length === 0) return;
    const id = anonymousId();
    while (queue.length > 0) {
      const batch = queue.splice(0, BATCH_SIZE);
      const sentAt = now();
      const body = JSON.stringify({
        anonymousId: id,
        events: batch.map((e) => ({ name: e.name, path: e.path, ...(e.properties ? { properties: e.properties } : {}), ageMs: Math.min(Math.max(sentAt - e.at, 0), 86_400_000) })),
      });
      if (unloading && deps.sendBeacon && deps.sendBeacon(ANALYTICS_ENDPOINT, new Blob([body], { type: 'application/json' }))) continue;
      void deps.fetch(ANALYTICS_ENDPOINT, { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body }).catch(() => undefined);
    }
  }

  async function identifyIfNeeded(state: SessionState): Promise<void> {
    if (flag() !== true || state.status !== 'authenticated' || !state.user || !state.accessToken) return;
    if (deps.storage.getItem(IDENTIFIED_KEY) === state.user.id) return;
    // Remembered before the call: one identify per user even if two changes arrive at once.
    deps.storage.setItem(IDENTIFIED_KEY, state.user.id);
    const response = await deps.fetch(IDENTIFY_ENDPOINT, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${state.accessToken}` },
      body: JSON.stringify({ anonymousId: anonymousId(), userId: state.user.id, email: state.user.email }),
    }).catch(() => null);
    if (!response || !response.ok) deps.storage.removeItem(IDENTIFIED_KEY);
  }

  function reset(): void {
    deps.storage.removeItem(IDENTIFIED_KEY);
    deps.storage.setItem(ANONYMOUS_ID_KEY, randomId());
  }

  const unsubscribeSession = deps.session.subscribe((state, previous) => {
    if (previous.status === 'authenticated' && state.status === 'anonymous') {
      flush();
      reset();
    }
    void identifyIfNeeded(state);
  });
  const unsubscribeFlags = deps.flags.subscribe((state) => {
    if (state.values.analytics_enabled === undefined) return;
    flush();
    void identifyIfNeeded(deps.session.getState());
  });
  void identifyIfNeeded(deps.session.getState());

  return {
    capture: (name, properties) => enqueue(name, currentPath(), properties),
    pageview: (path = currentPath()) => enqueue('$pageview', path),
    flush,
    anonymousId,
    stop: () => {
      unsubscribeSession();
      unsubscribeFlags();
      if (timer) clearTimeout(timer);
    },
  };
}

/** A click on a button or link, as the collector may keep it: element kind, its label (no e-mail), a link's path. */
export function describeClick(target: EventTarget | null): EventProperties | null {
  const element = (target as Element | null)?.closest?.('a, button, [role="button"]');
  if (!element) return null;
  const label = (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const properties: EventProperties = { element: element.tagName.toLowerCase() };
  if (label && !label.includes('@')) properties.text = label;
  const href = element.getAttribute('href');
  if (href && href.startsWith('/')) properties.href = pathOnly(href);
  return properties;
}
