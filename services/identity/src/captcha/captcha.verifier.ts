// Server-side check of a solved captcha (the widget's base64 JSON PayloadV1): our signature,
// the solution hash, the expiry, then single use. Only salts in the exact shape we issue are
// accepted, so nothing can be spliced between salt and number.
import { timingSafeEqual } from 'node:crypto';
import { CAPTCHA_ALGORITHM, assertHmacKey, sha256Hex, signChallenge } from './captcha.challenge.ts';
import type { SpentStore } from './captcha.spent-store.ts';

export const CAPTCHA_MESSAGES = {
  /** Spec 001 §5: submitting without a captcha token. */
  required: 'Please complete the captcha verification.',
  // Not quoted by the spec (it only says the token is cleared on error or expiry): Lectern's wording.
  failed: 'Captcha verification failed. Please try again.',
} as const;

export type CaptchaFailure = 'missing' | 'malformed' | 'algorithm' | 'signature' | 'expired' | 'solution' | 'spent';

export type CaptchaResult = { ok: true } | { ok: false; reason: CaptchaFailure; message: string };

const SALT = /^[0-9a-f]{24}\?expires=(\d{1,12})&$/;
const HEX64 = /^[0-9a-f]{64}$/;
/** The widget's payload is a few hundred bytes; refuse anything far larger before parsing. */
const MAX_PAYLOAD_CHARS = 2048;

interface PayloadV1 {
  algorithm: string;
  challenge: string;
  number: number;
  salt: string;
  signature: string;
}

function decodePayload(payload: string): PayloadV1 | null {
  if (payload.length > MAX_PAYLOAD_CHARS) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (typeof algorithm !== 'string' || typeof challenge !== 'string' || typeof salt !== 'string' || typeof signature !== 'string') return null;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return null;
  return { algorithm, challenge, number, salt, signature };
}

const equalHex = (a: string, b: string): boolean =>
  HEX64.test(a) && HEX64.test(b) && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

export interface CaptchaVerifierOptions {
  hmacKey: string | Buffer;
  spentStore: SpentStore;
  now?: () => number;
}

export class CaptchaVerifier {
  readonly #hmacKey: string | Buffer;
  readonly #spent: SpentStore;
  readonly #now: () => number;

  constructor(options: CaptchaVerifierOptions) {
    assertHmacKey(options.hmacKey);
    this.#hmacKey = options.hmacKey;
    this.#spent = options.spentStore;
    this.#now = options.now ?? Date.now;
  }

  /** Checks a payload and, when it is good, spends it: a second call with it fails. */
  async verify(payload: string | null | undefined): Promise<CaptchaResult> {
    if (!payload) return { ok: false, reason: 'missing', message: CAPTCHA_MESSAGES.required };
    const parsed = decodePayload(payload);
    if (!parsed) return fail('malformed');
    if (parsed.algorithm !== CAPTCHA_ALGORITHM) return fail('algorithm');
    if (!equalHex(parsed.signature, signChallenge(this.#hmacKey, parsed.challenge))) return fail('signature');
    const salt = SALT.exec(parsed.salt);
    if (!salt) return fail('malformed');
    const expiresAt = Number(salt[1]) * 1000;
    if (expiresAt <= this.#now()) return fail('expired');
    if (!equalHex(parsed.challenge, sha256Hex(parsed.salt + parsed.number))) return fail('solution');
    if (!(await this.#spent.markSpent(parsed.challenge, new Date(expiresAt)))) return fail('spent');
    return { ok: true };
  }
}

const fail = (reason: CaptchaFailure): CaptchaResult => ({ ok: false, reason, message: CAPTCHA_MESSAGES.failed });
