import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { revocationKey, revocationsUrlFor, TokenRevocations } from './token-revocations.ts';

describe('token revocations', () => {
  it('refuses versions below the listed minimum, reloads only after maxAgeMs, and keeps the held list when a load fails', async () => {
    let now = 0;
    let loads = 0;
    let list: Record<string, number> | Error = { [revocationKey('u1')]: 2 };
    const revocations = new TokenRevocations({
      maxAgeMs: 1000,
      now: () => now,
      load: async () => {
        loads++;
        if (list instanceof Error) throw list;
        return list;
      },
    });
    assert.equal(await revocations.isRevoked('u1', 1), true);
    assert.equal(await revocations.isRevoked('u1', 2), false);
    assert.equal(await revocations.isRevoked('u2', 0), false);
    assert.equal(loads, 1);
    list = { [revocationKey('u2')]: 1 };
    now = 999;
    assert.equal(await revocations.isRevoked('u2', 0), false, 'still the held list');
    now = 1000;
    assert.equal(await revocations.isRevoked('u2', 0), true, 'reloaded after maxAgeMs');
    assert.equal(loads, 2);
    list = new Error('identity away');
    now = 2500;
    assert.equal(await revocations.isRevoked('u2', 0), true, 'a failed load keeps the held list');
    assert.equal(await revocations.isRevoked('u2', 0), true);
    assert.equal(loads, 3, 'no reload storm after a failure');
  });

  it('concurrent checks share one load; the URL sits next to the key set', async () => {
    let loads = 0;
    const revocations = new TokenRevocations({ load: async () => (loads++, {}) });
    await Promise.all([revocations.isRevoked('a', 0), revocations.isRevoked('b', 0), revocations.isRevoked('c', 0)]);
    assert.equal(loads, 1);
    assert.equal(revocationsUrlFor('http://localhost:8080/api/identity/.well-known/jwks.json'), 'http://localhost:8080/api/identity/.well-known/token-revocations.json');
    assert.equal(revocationsUrlFor('http://keys.example/set'), null);
    assert.notEqual(revocationKey('u1'), 'u1');
  });
});
