// Throttle of "Forgot password?" requests: the sign-in throttle's counting (per e-mail whether or
// not it has an account, and per client address) with its own rules and its own keys.
import { SignInThrottle, type ThrottleRules, type ThrottleStore } from '../domain/sign-in.throttle.ts';

const MINUTE = 60_000;
export const RESET_THROTTLE_RULES: Readonly<ThrottleRules> = {
  // 3 links per address an hour, then 5, 10, 20, 30 min apart.
  account: { freeAttempts: 3, baseDelayMs: 5 * MINUTE, maxDelayMs: 30 * MINUTE, resetAfterMs: 60 * MINUTE },
  address: { freeAttempts: 20, baseDelayMs: MINUTE, maxDelayMs: 30 * MINUTE, resetAfterMs: 60 * MINUTE },
};

/** The same store under a `reset:` key prefix, so sign-in and reset counters never mix. */
export function prefixedStore(store: ThrottleStore, prefix: string): ThrottleStore {
  return {
    get: (key) => store.get(prefix + key),
    increment: (key, now, resetAfterMs) => store.increment(prefix + key, now, resetAfterMs),
    decrement: (key) => store.decrement(prefix + key),
    clear: (key) => store.clear(prefix + key),
  };
}

export const createResetThrottle = (store: ThrottleStore, rules: ThrottleRules = RESET_THROTTLE_RULES): SignInThrottle => new SignInThrottle(prefixedStore(store, 'reset:'), rules);
