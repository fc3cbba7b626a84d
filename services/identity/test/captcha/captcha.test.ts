import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { createHash, createHmac } from 'node:crypto';
import * as altchaV1 from 'altcha-lib/v1';
import { createChallenge, DEFAULT_MAX_NUMBER, type Challenge } from '../../src/captcha/captcha.challenge.ts';
import { encodePayload, solveChallenge } from '../../src/captcha/captcha.solver.ts';
import { InMemorySpentStore } from '../../src/captcha/captcha.spent-store.ts';
import { CAPTCHA_MESSAGES, CaptchaVerifier } from '../../src/captcha/captcha.verifier.ts';

const KEY = 'test-captcha-hmac-key-of-at-least-32-bytes!';
const SMALL = 2_000;

function setup(nowMs = Date.now()) {
  let now = nowMs;
  const store = new InMemorySpentStore(() => now);
  const verifier = new CaptchaVerifier({ hmacKey: KEY, spentStore: store, now: () => now });
  return { verifier, store, advance: (ms: number) => (now += ms), now: () => now };
}

function solved(challenge: Challenge): string {
  const solution = solveChallenge(challenge);
  assert.ok(solution, 'challenge should be solvable');
  return encodePayload(challenge, solution);
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;

describe('createChallenge', () => {
  it('issues an ALTCHA v1 challenge: SHA-256, expiring salt, hash, maxnumber, HMAC signature', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const c = createChallenge({ hmacKey: KEY, now, number: 42 });
    assert.equal(c.algorithm, 'SHA-256');
    assert.equal(c.maxnumber, DEFAULT_MAX_NUMBER);
    assert.match(c.salt, /^[0-9a-f]{24}\?expires=\d+&$/);
    assert.equal(c.salt.split('expires=')[1], `${now.getTime() / 1000 + 600}&`);
    assert.equal(c.challenge, createHash('sha256').update(`${c.salt}42`).digest('hex'));
    assert.equal(c.signature, createHmac('sha256', KEY).update(c.challenge).digest('hex'));
  });

  it('picks a fresh salt and number each time', () => {
    const a = createChallenge({ hmacKey: KEY });
    const b = createChallenge({ hmacKey: KEY });
    assert.notEqual(a.salt, b.salt);
    assert.notEqual(a.challenge, b.challenge);
  });

  it('refuses a short HMAC key and a bad maxNumber', () => {
    assert.throws(() => createChallenge({ hmacKey: 'short' }), /at least 32 bytes/);
    assert.throws(() => createChallenge({ hmacKey: KEY, maxNumber: 0 }), RangeError);
    assert.throws(() => new CaptchaVerifier({ hmacKey: 'short', spentStore: new InMemorySpentStore() }), /at least 32 bytes/);
  });
});

describe('CaptchaVerifier', () => {
  it('accepts a valid solution once, refuses the second use', async () => {
    const { verifier } = setup();
    const payload = solved(createChallenge({ hmacKey: KEY, maxNumber: SMALL }));
    assert.deepEqual(await verifier.verify(payload), { ok: true });
    assert.deepEqual(await verifier.verify(payload), { ok: false, reason: 'spent', message: CAPTCHA_MESSAGES.failed });
  });

  it('asks for the captcha when no token is sent (spec message)', async () => {
    const { verifier } = setup();
    for (const empty of [undefined, null, '']) {
      assert.deepEqual(await verifier.verify(empty), { ok: false, reason: 'missing', message: 'Please complete the captcha verification.' });
    }
  });

  it('refuses a wrong number', async () => {
    const { verifier } = setup();
    const challenge = createChallenge({ hmacKey: KEY, maxNumber: SMALL, number: 7 });
    const result = await verifier.verify(encodePayload(challenge, { number: 8, took: 1 }));
    assert.equal(result.ok === false && result.reason, 'solution');
  });

  it('refuses a tampered signature', async () => {
    const { verifier } = setup();
    const payload = decode(solved(createChallenge({ hmacKey: KEY, maxNumber: SMALL })));
    const sig = payload.signature as string;
    payload.signature = (sig[0] === '0' ? '1' : '0') + sig.slice(1);
    const result = await verifier.verify(b64(payload));
    assert.equal(result.ok === false && result.reason, 'signature');
  });

  it('refuses a challenge signed with another key', async () => {
    const { verifier } = setup();
    const payload = solved(createChallenge({ hmacKey: 'another-captcha-hmac-key-32-bytes-long!!', maxNumber: SMALL }));
    const result = await verifier.verify(payload);
    assert.equal(result.ok === false && result.reason, 'signature');
  });

  it('refuses a self-made challenge (hash of own salt) without our signature', async () => {
    const { verifier } = setup();
    const salt = `${'ab'.repeat(12)}?expires=${Math.floor(Date.now() / 1000) + 600}&`;
    const challenge = createHash('sha256').update(`${salt}1`).digest('hex');
    const result = await verifier.verify(b64({ algorithm: 'SHA-256', challenge, number: 1, salt, signature: 'f'.repeat(64) }));
    assert.equal(result.ok === false && result.reason, 'signature');
  });

  it('refuses an expired challenge', async () => {
    const { verifier, advance } = setup();
    const payload = solved(createChallenge({ hmacKey: KEY, maxNumber: SMALL, ttlMs: 60_000 }));
    advance(60_001);
    const result = await verifier.verify(payload);
    assert.equal(result.ok === false && result.reason, 'expired');
  });

  it('refuses a salt whose expiry was pushed out (the hash no longer matches)', async () => {
    const { verifier } = setup();
    const challenge = createChallenge({ hmacKey: KEY, maxNumber: SMALL, number: 5 });
    const payload = decode(encodePayload(challenge, { number: 5, took: 1 }));
    payload.salt = (payload.salt as string).replace(/expires=\d+/, 'expires=9999999999');
    const result = await verifier.verify(b64(payload));
    assert.equal(result.ok === false && result.reason, 'solution');
  });

  it('refuses digits spliced between salt and number', async () => {
    const { verifier } = setup();
    const challenge = createChallenge({ hmacKey: KEY, maxNumber: SMALL, number: 123 });
    const payload = decode(encodePayload(challenge, { number: 123, took: 1 }));
    payload.salt = `${payload.salt as string}1`;
    payload.number = 23;
    const result = await verifier.verify(b64(payload));
    assert.equal(result.ok === false && result.reason, 'malformed');
  });

  it('refuses another algorithm, non-integer numbers, bad base64/JSON and oversize payloads', async () => {
    const { verifier } = setup();
    const good = decode(solved(createChallenge({ hmacKey: KEY, maxNumber: SMALL })));
    const cases: [string, string][] = [
      [b64({ ...good, algorithm: 'SHA-1' }), 'algorithm'],
      [b64({ ...good, number: 1.5 }), 'malformed'],
      [b64({ ...good, number: -1 }), 'malformed'],
      [b64({ ...good, number: String(good.number) }), 'malformed'],
      [b64({ ...good, signature: undefined }), 'malformed'],
      [b64([1, 2]), 'malformed'],
      ['%%%not-base64%%%', 'malformed'],
      [Buffer.from('{"algorithm":').toString('base64'), 'malformed'],
      ['A'.repeat(5000), 'malformed'],
    ];
    for (const [payload, reason] of cases) {
      const result = await verifier.verify(payload);
      assert.equal(result.ok === false && result.reason, reason, payload.slice(0, 60));
    }
  });

  it('forgets spent challenges after they expire (the store stays bounded)', async () => {
    const { verifier, store, advance } = setup();
    await verifier.verify(solved(createChallenge({ hmacKey: KEY, maxNumber: SMALL, ttlMs: 1_000 })));
    assert.equal(store.size, 1);
    advance(2_000);
    await store.markSpent('other', new Date(Date.now() + 10_000_000));
    assert.equal(store.size, 1);
  });
});

describe('compatibility with the reference ALTCHA v1 library (altcha-lib/v1)', () => {
  it('the reference solver solves our challenge and its verifier accepts our payload', async () => {
    const challenge = createChallenge({ hmacKey: KEY, maxNumber: SMALL });
    const solution = await altchaV1.solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    assert.ok(solution);
    const payload = encodePayload(challenge, { number: solution.number, took: solution.took });
    assert.equal(await altchaV1.verifySolution(payload, KEY), true);
    const { verifier } = setup();
    assert.deepEqual(await verifier.verify(payload), { ok: true });
  });

  it('we accept a challenge issued by the reference library', async () => {
    const challenge = await altchaV1.createChallenge({ hmacKey: KEY, maxNumber: SMALL, expires: new Date(Date.now() + 60_000) });
    const payload = encodePayload(challenge as Challenge, solveChallenge(challenge as Challenge)!);
    const { verifier } = setup();
    assert.deepEqual(await verifier.verify(payload), { ok: true });
  });
});
