import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';
import { createSecretBox, generateSecretKeys, parseSecretKeys, SecretBoxError } from './secret-box.ts';

describe('secret box (AES-256-GCM with a key id)', () => {
  const keys = generateSecretKeys('k1');

  test('seals and opens; the sealed form names its key and never holds the plaintext', () => {
    const box = createSecretBox({ SECRET_KEYS: keys });
    const sealed = box.seal('SG.super-secret-api-key', 'org-1:smtp:42');
    assert.match(sealed, /^v1\.k1\./);
    assert.ok(!sealed.includes('super-secret'));
    assert.equal(box.keyIdOf(sealed), 'k1');
    assert.equal(box.open(sealed, 'org-1:smtp:42'), 'SG.super-secret-api-key');
  });

  test('the same plaintext seals differently each time (random IV)', () => {
    const box = createSecretBox({ SECRET_KEYS: keys });
    assert.notEqual(box.seal('x'), box.seal('x'));
  });

  test('a tampered value, or one opened for another record, is refused', () => {
    const box = createSecretBox({ SECRET_KEYS: keys });
    const sealed = box.seal('password', 'org-1:integration:a');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[4]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[4] = body.toString('base64url');
    assert.throws(() => box.open(parts.join('.'), 'org-1:integration:a'), SecretBoxError);
    assert.throws(() => box.open(sealed, 'org-2:integration:a'), SecretBoxError);
    assert.throws(() => box.open('plain text'), SecretBoxError);
  });

  test('rotation: values sealed with an old key still open; new ones use the active key', () => {
    const old = createSecretBox({ SECRET_KEYS: keys });
    const sealedOld = old.seal('old secret');
    const rotated = createSecretBox({ SECRET_KEYS: `${generateSecretKeys('k2')},${keys}`, SECRET_ACTIVE_KEY_ID: 'k2' });
    assert.equal(rotated.open(sealedOld), 'old secret');
    assert.equal(rotated.keyIdOf(rotated.seal('new')), 'k2');
    const withoutOld = createSecretBox({ SECRET_KEYS: generateSecretKeys('k2') });
    assert.throws(() => withoutOld.open(sealedOld), /no longer holds/);
  });

  test('bad key configuration is refused with a message naming the problem', () => {
    assert.throws(() => parseSecretKeys(''), /no key/);
    assert.throws(() => parseSecretKeys('k1:c2hvcnQ='), /32 bytes/);
    assert.throws(() => parseSecretKeys(`${keys},${keys}`), /twice/);
    assert.throws(() => createSecretBox({ SECRET_KEYS: keys, SECRET_ACTIVE_KEY_ID: 'nope' }), /not one of SECRET_KEYS/);
  });
});
