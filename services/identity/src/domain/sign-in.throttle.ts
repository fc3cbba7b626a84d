// Sign-in rate limiting (the spec gives no figures; these are Lectern's) and the uniform
// failure answer. Two counters per attempt: the account (normalised e-mail, whether or not
// such a user exists, so a refusal reveals nothing) and the client address (IPv6 by /64).
// An attempt is counted when it starts, atomically, so a burst of parallel guesses cannot all
// slip under the limit; a success clears the account counter and gives the address its
// attempt back. Past the free attempts each further one doubles the wait, up to a cap; a
// counter is forgotten after a quiet period.
//
// Order in the sign-in route: captcha → begin() → verify password (hasher.verify with null for
// an unknown e-mail) → succeeded() or nothing → answer.

/** "Too many …. Please try again in N minute(s)." — the one wording of every throttled refusal. */
export function tryAgainLater(tooMany: string, retryAfterMs: number): string {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return `${tooMany}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const SIGN_IN_MESSAGES = {
  /** Spec 000 §8: the only answer to an unknown e-mail, a wrong password or an account without one. */
  invalidCredentials: 'Invalid email or password',
  welcome: 'Welcome back!',
  failed: 'Failed to sign in',
  // Not quoted by the spec: Lectern's wording.
  throttled: (retryAfterMs: number) => tryAgainLater('Too many sign-in attempts', retryAfterMs),
} as const;

export type CredentialFailure = 'unknown-email' | 'wrong-password' | 'no-password';

/** Every credential failure gets the same answer, so it cannot tell which one happened. */
export function credentialFailureAnswer(_reason: CredentialFailure): { status: 401; code: 'invalid_credentials'; message: string } {
  return { status: 401, code: 'invalid_credentials', message: SIGN_IN_MESSAGES.invalidCredentials };
}

export interface ThrottleRule {
  /** Attempts allowed before any wait. */
  freeAttempts: number;
  /** Wait after the first attempt past the free ones; doubles with each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A counter untouched this long starts again from zero. */
  resetAfterMs: number;
}

export interface ThrottleRules {
  account: ThrottleRule;
  address: ThrottleRule;
}

const MINUTE = 60_000;
export const DEFAULT_THROTTLE_RULES: Readonly<ThrottleRules> = {
  // 5 failures, then 30 s, 1, 2, 4, 8, 15, 15… min: about 4 guesses an hour once ramped up.
  account: { freeAttempts: 5, baseDelayMs: 30_000, maxDelayMs: 15 * MINUTE, resetAfterMs: 60 * MINUTE },
  // One address may hold a whole congregation behind NAT: more room, same shape.
  address: { freeAttempts: 30, baseDelayMs: MINUTE, maxDelayMs: 30 * MINUTE, resetAfterMs: 60 * MINUTE },
};

export interface AttemptCounter {
  count: number;
  /** Epoch ms of the latest counted attempt. */
  lastAt: number;
}

/** Backing store (Postgres in the service: one row per key, updated in a transaction). */
export interface ThrottleStore {
  get(key: string): Promise<AttemptCounter | null>;
  /**
   * Atomically counts one attempt at `now`: a missing counter, or one idle longer than
   * `resetAfterMs`, restarts at 1. Returns the counter before and after.
   */
  increment(key: string, now: number, resetAfterMs: number): Promise<{ before: AttemptCounter | null; after: AttemptCounter }>;
  /** Gives one attempt back (not below zero). */
  decrement(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

/** Delay imposed by a counter (0 while within the free attempts). */
export function delayFor(count: number, rule: ThrottleRule): number {
  if (count < rule.freeAttempts) return 0;
  const doublings = count - rule.freeAttempts;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(doublings, 30));
}

/** Ms until the next attempt is allowed; 0 when it is allowed now. */
export function waitFor(counter: AttemptCounter | null, rule: ThrottleRule, now: number): number {
  if (!counter || now - counter.lastAt > rule.resetAfterMs) return 0;
  const delay = delayFor(counter.count, rule);
  // Within the free attempts there is no wait, even when a concurrent attempt that started
  // later (lastAt after now) was counted first.
  if (delay === 0) return 0;
  return Math.max(0, counter.lastAt + delay - now);
}

/** Throttle key for an account: the trimmed, lower-cased e-mail. */
export const accountKey = (email: string): string => `account:${email.trim().toLowerCase()}`;

/** Throttle key for a client address: IPv4 as is (also when IPv4-mapped), IPv6 by its /64. */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) return `address:${mapped[1]}`;
  if (!address.includes(':')) return `address:${address}`;
  const [head = '', tail = ''] = address.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headParts.length - tailParts.length : 0;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailParts];
  return `address:${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

export type ThrottleDecision =
  | { allowed: true }
  | { allowed: false; scope: 'account' | 'address'; retryAfterMs: number; status: 429; message: string };

export class SignInThrottle {
  readonly #store: ThrottleStore;
  readonly #rules: ThrottleRules;
  readonly #now: () => number;

  constructor(store: ThrottleStore, rules: ThrottleRules = DEFAULT_THROTTLE_RULES, now: () => number = Date.now) {
    this.#store = store;
    this.#rules = rules;
    this.#now = now;
  }

  /** Starts a sign-in attempt: refuses it while a back-off runs, otherwise counts it. */
  async begin(email: string, ip: string): Promise<ThrottleDecision> {
    const now = this.#now();
    const keys = [
      { scope: 'account' as const, key: accountKey(email), rule: this.#rules.account },
      { scope: 'address' as const, key: addressKey(ip), rule: this.#rules.address },
    ];
    // A refused attempt is not counted: hammering during a wait does not lengthen it.
    for (const { scope, key, rule } of keys) {
      const wait = waitFor(await this.#store.get(key), rule, now);
      if (wait > 0) return refuse(scope, wait);
    }
    let refusal: ThrottleDecision | null = null;
    for (const { scope, key, rule } of keys) {
      const { before } = await this.#store.increment(key, now, rule.resetAfterMs);
      // Another request got in between the check and the count: this one waits.
      const wait = waitFor(before, rule, now);
      if (wait > 0 && !refusal) refusal = refuse(scope, wait);
    }
    return refusal ?? { allowed: true };
  }

  /** The password was right: the account starts afresh and the address gets its attempt back. */
  async succeeded(email: string, ip: string): Promise<void> {
    await this.#store.clear(accountKey(email));
    await this.#store.decrement(addressKey(ip));
  }
}

const refuse = (scope: 'account' | 'address', retryAfterMs: number): ThrottleDecision => ({
  allowed: false,
  scope,
  retryAfterMs,
  status: 429,
  message: SIGN_IN_MESSAGES.throttled(retryAfterMs),
});

/** Process-local store for tests and single-instance development. */
export class InMemoryThrottleStore implements ThrottleStore {
  readonly #counters = new Map<string, AttemptCounter>();

  async get(key: string): Promise<AttemptCounter | null> {
    const counter = this.#counters.get(key);
    return counter ? { ...counter } : null;
  }

  async increment(key: string, now: number, resetAfterMs: number): Promise<{ before: AttemptCounter | null; after: AttemptCounter }> {
    const current = this.#counters.get(key) ?? null;
    const before = current ? { ...current } : null;
    const fresh = !current || now - current.lastAt > resetAfterMs;
    const after = { count: fresh ? 1 : current.count + 1, lastAt: now };
    this.#counters.set(key, after);
    return { before: fresh ? null : before, after: { ...after } };
  }

  async decrement(key: string): Promise<void> {
    const counter = this.#counters.get(key);
    if (!counter) return;
    if (counter.count <= 1) this.#counters.delete(key);
    else this.#counters.set(key, { ...counter, count: counter.count - 1 });
  }

  async clear(key: string): Promise<void> {
    this.#counters.delete(key);
  }
}
