import { describe, it } from '@jest/globals';
import assert from 'node:assert/strict';
import { DEFAULT_ARGON2_PARAMS, MAX_PASSWORD_BYTES, PasswordHasher, parseEncodedHash } from '../../src/domain/password.hasher.ts';

// Small parameters keep the suite fast; the production default is checked separately.
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
const hasher = new PasswordHasher(FAST);

describe('PasswordHasher', () => {
  it('produces a self-describing argon2id PHC string with params and a 16-byte salt', async () => {
    const encoded = await hasher.hash('Correct1Horse');
    assert.match(encoded, /^\$argon2id\$v=19\$m=1024,t=1,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parseEncodedHash(encoded);
    assert.deepEqual(parsed?.params, FAST);
    assert.equal(parsed?.algorithm, 'argon2id');
    assert.equal(Buffer.from(parsed!.salt, 'base64').length, 16);
  });

  it('salts every hash: the same password hashes differently twice', async () => {
    assert.notEqual(await hasher.hash('Correct1Horse'), await hasher.hash('Correct1Horse'));
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const encoded = await hasher.hash('Correct1Horse');
    assert.equal(await hasher.verify(encoded, 'Correct1Horse'), true);
    assert.equal(await hasher.verify(encoded, 'correct1Horse'), false);
    assert.equal(await hasher.verify(encoded, ''), false);
  });

  it('handles non-ASCII passwords byte-exactly', async () => {
    const encoded = await hasher.hash('Pässwörd1€');
    assert.equal(await hasher.verify(encoded, 'Pässwörd1€'), true);
    assert.equal(await hasher.verify(encoded, 'Passwort1€'), false);
  });

  it('refuses a hash whose digest was altered', async () => {
    const encoded = await hasher.hash('Correct1Horse');
    const last = encoded.at(-2) === 'A' ? 'B' : 'A';
    const tampered = encoded.slice(0, -2) + last + encoded.at(-1);
    assert.equal(await hasher.verify(tampered, 'Correct1Horse'), false);
  });

  it('verifies a hash made with other parameters (they are read from the string)', async () => {
    const other = new PasswordHasher({ memoryCost: 2048, timeCost: 2, parallelism: 2 });
    const encoded = await other.hash('Correct1Horse');
    assert.equal(await hasher.verify(encoded, 'Correct1Horse'), true);
  });

  it('answers false for a missing hash (unknown user) after spending a verification', async () => {
    const slow = new PasswordHasher({ memoryCost: 8192, timeCost: 3, parallelism: 1 });
    await slow.verify(null, 'warm-up');
    const start = performance.now();
    assert.equal(await slow.verify(null, 'Correct1Horse'), false);
    const dummyMs = performance.now() - start;
    const encoded = await slow.hash('Correct1Horse');
    const realStart = performance.now();
    await slow.verify(encoded, 'Wrong1Horse');
    const realMs = performance.now() - realStart;
    assert.ok(dummyMs > realMs / 4, `dummy verify took ${dummyMs.toFixed(2)} ms, real ${realMs.toFixed(2)} ms`);
  });

  it('answers false for malformed or foreign hashes', async () => {
    for (const bad of ['', 'plain', '$2b$10$abcdefghijklmnopqrstuv', '$argon2id$v=19$m=1024,t=1,p=1$$']) {
      assert.equal(await hasher.verify(bad, 'Correct1Horse'), false, bad);
    }
  });

  it('bounds password size: hashing refuses, verifying answers false', async () => {
    const huge = 'A1a'.repeat(MAX_PASSWORD_BYTES);
    await assert.rejects(hasher.hash(huge), RangeError);
    const encoded = await hasher.hash('Correct1Horse');
    assert.equal(await hasher.verify(encoded, huge), false);
  });

  it('needsRehash: false for own params, true for other params, algorithms or garbage', async () => {
    const encoded = await hasher.hash('Correct1Horse');
    assert.equal(hasher.needsRehash(encoded), false);
    assert.equal(new PasswordHasher(DEFAULT_ARGON2_PARAMS).needsRehash(encoded), true);
    assert.equal(hasher.needsRehash(encoded.replace('$argon2id$', '$argon2i$')), true);
    assert.equal(hasher.needsRehash(encoded.replace('v=19', 'v=16')), true);
    assert.equal(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuv'), true);
  });

  it('rejects nonsensical parameters at construction', () => {
    assert.throws(() => new PasswordHasher({ memoryCost: 0, timeCost: 1, parallelism: 1 }), RangeError);
    assert.throws(() => new PasswordHasher({ memoryCost: 1024, timeCost: 1.5, parallelism: 1 }), RangeError);
    assert.throws(() => new PasswordHasher({ memoryCost: 8, timeCost: 1, parallelism: 4 }), RangeError);
  });

  it('uses the OWASP argon2id baseline by default', async () => {
    const encoded = await new PasswordHasher().hash('Correct1Horse');
    assert.match(encoded, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
