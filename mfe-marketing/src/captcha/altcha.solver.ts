// ALTCHA v1 proof of work in the browser (the identity service issues and verifies it, ADR 0009):
// find n in 0..maxnumber with SHA-256(salt + n) = challenge, then submit base64 JSON PayloadV1.
import type { CaptchaChallenge } from '@lectern/shell-kit';

const hex = (buffer: ArrayBuffer): string => Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');

export async function solveChallenge(challenge: CaptchaChallenge, signal?: AbortSignal): Promise<{ number: number; took: number } | null> {
  if (challenge.algorithm !== 'SHA-256') throw new Error(`Unsupported captcha algorithm ${challenge.algorithm}`);
  const started = performance.now();
  const encoder = new TextEncoder();
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (signal?.aborted) return null;
    if (hex(await crypto.subtle.digest('SHA-256', encoder.encode(challenge.salt + n))) === challenge.challenge) {
      return { number: n, took: Math.round(performance.now() - started) };
    }
  }
  return null;
}

export function encodePayload(challenge: CaptchaChallenge, solution: { number: number; took: number }): string {
  const { algorithm, challenge: hash, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: hash, number: solution.number, salt, signature, took: solution.took }));
}

/** Epoch ms at which the challenge stops being accepted (the salt carries `?expires=<unix s>`). */
export function challengeExpiry(challenge: CaptchaChallenge): number | null {
  const match = /[?&]expires=(\d+)/.exec(challenge.salt);
  return match ? Number(match[1]) * 1000 : null;
}
