// Rate limit of the public waitlist endpoint: the sign-in throttle's counting (per e-mail and per
// client address, shared by every instance through Postgres) under its own key prefix and rules.
import { SignInThrottle, type ThrottleRules, type ThrottleStore } from '../domain/sign-in.throttle.ts';
import { prefixedStore } from '../password-reset/reset.throttle.ts';

const MINUTE = 60_000;
export const WAITLIST_THROTTLE_RULES: Readonly<ThrottleRules> = {
  // 3 e-mails to one address an hour, then 5, 10, 20, 30 min apart.
  account: { freeAttempts: 3, baseDelayMs: 5 * MINUTE, maxDelayMs: 30 * MINUTE, resetAfterMs: 60 * MINUTE },
  // A church office behind one address may sign several people up; a script may not sign up thousands.
  address: { freeAttempts: 20, baseDelayMs: MINUTE, maxDelayMs: 30 * MINUTE, resetAfterMs: 60 * MINUTE },
};

export const createWaitlistThrottle = (store: ThrottleStore, rules: ThrottleRules = WAITLIST_THROTTLE_RULES): SignInThrottle =>
  new SignInThrottle(prefixedStore(store, 'waitlist:'), rules);
