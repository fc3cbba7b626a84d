import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { AppError } from '../errors/app-error.ts';
import { idempotencyKeyOf, requestFingerprint } from './idempotency.ts';

describe('idempotency keys', () => {
  it('reads the Idempotency-Key header: absent is undefined, a UUID or any 8 to 255 visible ASCII characters pass', () => {
    assert.equal(idempotencyKeyOf({}), undefined);
    assert.equal(idempotencyKeyOf({ 'idempotency-key': '6f1c2e0a-3b1d-4a52-9d0e-2f1b7c9e8a41' }), '6f1c2e0a-3b1d-4a52-9d0e-2f1b7c9e8a41');
    assert.equal(idempotencyKeyOf({ 'idempotency-key': '01JDQ4Z5K8' }), '01JDQ4Z5K8');
  });

  it('refuses a key too short, too long, with spaces or non-ASCII, or sent twice, with a 400 naming the header', () => {
    for (const value of ['seven77', 'k'.repeat(256), 'two words here', 'clé-unique-123', ['aaaaaaaa', 'bbbbbbbb']]) {
      assert.throws(() => idempotencyKeyOf({ 'idempotency-key': value }), (error: unknown) => {
        assert.ok(error instanceof AppError);
        assert.equal(error.status, 400);
        assert.equal(error.extensions.reason, 'bad_idempotency_key');
        assert.match(error.detail ?? '', /Idempotency-Key/);
        return true;
      }, JSON.stringify(value));
    }
  });

  it('fingerprints a request by its meaning: key order and absent fields do not count, any value does', () => {
    const request = { title: 'Grace', file: { name: 'a.mp3', size: 10 }, sourceUrl: undefined };
    assert.equal(requestFingerprint(request), requestFingerprint({ file: { size: 10, name: 'a.mp3' }, title: 'Grace' }));
    assert.notEqual(requestFingerprint(request), requestFingerprint({ ...request, title: 'Grace ' }));
    assert.notEqual(requestFingerprint(request), requestFingerprint({ ...request, file: { name: 'a.mp3', size: 11 } }));
    assert.notEqual(requestFingerprint({ a: [1, 2] }), requestFingerprint({ a: [2, 1] }));
    assert.notEqual(requestFingerprint({ a: null }), requestFingerprint({ a: 'null' }));
  });
});
