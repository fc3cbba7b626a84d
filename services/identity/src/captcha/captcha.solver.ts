// Brute-force solver, the same work the browser widget does; used by tests, the bench and
// server-side scripts (e.g. end-to-end journeys that sign in without a browser widget).
import { sha256Hex } from './captcha.challenge.ts';
import type { Challenge } from './captcha.challenge.ts';

export interface Solution {
  number: number;
  took: number;
}

/** Finds the secret number, or null when it is not in 0..maxnumber. */
export function solveChallenge(challenge: Pick<Challenge, 'challenge' | 'salt' | 'maxnumber'>): Solution | null {
  const started = performance.now();
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (sha256Hex(challenge.salt + n) === challenge.challenge) return { number: n, took: Math.round(performance.now() - started) };
  }
  return null;
}

/** The widget's submitted value: base64 of the JSON PayloadV1. */
export function encodePayload(challenge: Challenge, solution: Solution): string {
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
    took: solution.took,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}
