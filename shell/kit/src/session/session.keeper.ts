// Keeps the session alive (spec 000 §4, §7, §9): a 30 s tick refreshes the access token when it
// is within 90 s of expiry; a failed refresh is retried with a back-off starting at 200 ms and
// doubling; an initial fallback check 800 ms after start-up settles a still-loading session.
// Refreshes are single-flight in this tab and serialised across tabs, because the identity
// service treats two uses of one refresh cookie as token theft (API.md, reuse detection).
import { ApiError } from '../api/api.error.ts';
import type { IdentityClient, SessionBody } from './identity.client.ts';
import type { SessionStore } from './session.store.ts';

export const REFRESH_TICK_MS = 30_000;
export const REFRESH_MARGIN_MS = 90_000;
export const RETRY_FIRST_DELAY_MS = 200;
/** 200, 400, 800, 1600, 3200 ms: about 6 s of retries before waiting for the next tick. */
export const RETRY_ATTEMPTS = 5;
export const INITIAL_CHECK_MS = 800;

export interface SessionKeeperDeps {
  store: SessionStore;
  identity: Pick<IdentityClient, 'refresh' | 'me'>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Runs fn while holding a lock shared by every tab of this origin. */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T>;
}

export type RefreshOutcome = 'refreshed' | 'signed-out' | 'unavailable';

/** Retryable: the server could not be reached, is overloaded or failed (not an answer about the token). */
const isTransient = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;

export function browserLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('lectern-refresh', fn) as Promise<T>) : fn();
}

export function createSessionKeeper(deps: SessionKeeperDeps) {
  const { store, identity } = deps;
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const withLock = deps.withLock ?? browserLock;
  let inflight: Promise<RefreshOutcome> | null = null;
  let tick: ReturnType<typeof setInterval> | null = null;
  let fallback: ReturnType<typeof setTimeout> | null = null;

  const expiresSoon = (expiresAt: number | null) => expiresAt === null || expiresAt - now() <= REFRESH_MARGIN_MS;

  function adopt(body: SessionBody): void {
    store.getState().tokenRefreshed(body.accessToken, body.expiresAt, body.user);
  }

  async function refreshUnderLock(tokenBefore: string | null): Promise<RefreshOutcome> {
    // Another tab may have refreshed while we waited for the lock: its token is in storage.
    await store.persist.rehydrate();
    const state = store.getState();
    if (state.accessToken && state.accessToken !== tokenBefore && !expiresSoon(state.accessTokenExpiresAt)) {
      store.setState({ status: 'authenticated' });
      return 'refreshed';
    }
    for (let attempt = 0; ; attempt++) {
      try {
        adopt(await identity.refresh());
        return 'refreshed';
      } catch (error) {
        if (!isTransient(error)) {
          store.getState().signedOut();
          return 'signed-out';
        }
        if (attempt + 1 >= RETRY_ATTEMPTS) return 'unavailable';
        await sleep(RETRY_FIRST_DELAY_MS * 2 ** attempt);
      }
    }
  }

  /** Exchanges the refresh cookie for a new access token (one request at a time, every tab). */
  function refresh(): Promise<RefreshOutcome> {
    const tokenBefore = store.getState().accessToken;
    inflight ??= withLock(() => refreshUnderLock(tokenBefore)).finally(() => {
      inflight = null;
    });
    return inflight;
  }

  /** A tick: refresh when the token is within the margin of expiry. */
  async function onTick(): Promise<void> {
    const state = store.getState();
    if (state.status === 'authenticated' && expiresSoon(state.accessTokenExpiresAt)) await refresh();
  }

  /** The first check: persisted token still good → signed in; nothing persisted → signed out; else refresh. */
  async function start(): Promise<void> {
    tick ??= setInterval(() => void onTick(), REFRESH_TICK_MS);
    fallback ??= setTimeout(() => {
      const state = store.getState();
      if (state.status !== 'unknown') return;
      const usable = state.accessToken !== null && state.accessTokenExpiresAt !== null && state.accessTokenExpiresAt > now();
      store.setState({ status: usable ? 'authenticated' : 'anonymous' });
    }, INITIAL_CHECK_MS);

    const state = store.getState();
    if (!state.user || !state.accessToken) {
      store.getState().signedOut();
      return;
    }
    if (!expiresSoon(state.accessTokenExpiresAt)) {
      store.setState({ status: 'authenticated' });
      await reloadProfile();
      return;
    }
    await refresh();
  }

  /** Reads the profile again (role, navigation and flags-dependent items may have changed). */
  async function reloadProfile(): Promise<void> {
    try {
      store.getState().profileLoaded(await identity.me());
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) await refresh();
    }
  }

  function stop(): void {
    if (tick) clearInterval(tick);
    if (fallback) clearTimeout(fallback);
    tick = null;
    fallback = null;
  }

  return { start, stop, refresh, onTick, reloadProfile, adopt };
}

export type SessionKeeper = ReturnType<typeof createSessionKeeper>;
