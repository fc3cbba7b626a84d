// Self-hosted proof-of-work captcha speaking the ALTCHA v1 protocol (the `altcha` widget's
// ChallengeV1/PayloadV1): the server picks a secret number n ≤ maxnumber and publishes
// challenge = SHA-256(salt + n) with signature = HMAC-SHA-256(key, challenge); the browser
// finds n by brute force. The salt carries the expiry ("<hex>?expires=<unix s>&"), so the
// expiry is bound into the signed hash; the trailing "&" stops digits being spliced into it.
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

export const CAPTCHA_ALGORITHM = 'SHA-256';

/**
 * Work per challenge: the browser tries on average maxnumber / 2 hashes. At 100 000, headless
 * Chromium on the 2-core dev machine solves in 0.46 s mean, 0.9 s p90 on one thread
 * (bench/captcha-solve.bench.ts); the widget's parallel workers cut that on multi-core phones.
 */
export const DEFAULT_MAX_NUMBER = 100_000;

/** How long a challenge may be solved and submitted. */
export const DEFAULT_CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Smallest HMAC key accepted: 32 bytes. */
export const MIN_HMAC_KEY_BYTES = 32;

export interface Challenge {
  algorithm: typeof CAPTCHA_ALGORITHM;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface ChallengeOptions {
  hmacKey: string | Buffer;
  maxNumber?: number;
  ttlMs?: number;
  now?: Date;
  /** Fixed secret number (tests only). */
  number?: number;
}

export function assertHmacKey(key: string | Buffer): void {
  const bytes = typeof key === 'string' ? Buffer.byteLength(key, 'utf8') : key.length;
  if (bytes < MIN_HMAC_KEY_BYTES) throw new RangeError(`Captcha HMAC key must be at least ${MIN_HMAC_KEY_BYTES} bytes, got ${bytes}`);
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

export const signChallenge = (hmacKey: string | Buffer, challenge: string): string =>
  createHmac('sha256', hmacKey).update(challenge).digest('hex');

export function createChallenge(options: ChallengeOptions): Challenge {
  assertHmacKey(options.hmacKey);
  const maxnumber = options.maxNumber ?? DEFAULT_MAX_NUMBER;
  if (!Number.isSafeInteger(maxnumber) || maxnumber < 1) throw new RangeError(`maxNumber must be a positive integer, got ${maxnumber}`);
  const now = options.now ?? new Date();
  const expires = Math.floor((now.getTime() + (options.ttlMs ?? DEFAULT_CHALLENGE_TTL_MS)) / 1000);
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}&`;
  const number = options.number ?? randomInt(0, maxnumber + 1);
  const challenge = sha256Hex(salt + number);
  return { algorithm: CAPTCHA_ALGORITHM, challenge, maxnumber, salt, signature: signChallenge(options.hmacKey, challenge) };
}
