import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { SignJWT, createLocalJWKSet, importJWK, jwtVerify } from 'jose';
import { buildApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { buildTestApp } from './helper.ts';

describe('identity key set', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(() => built?.app.close());

  it('publishes only the public half of an Ed25519 key', async () => {
    const res = await built.app.inject({ url: '/api/identity/.well-known/jwks.json' });
    assert.equal(res.statusCode, 200);
    const { keys } = res.json();
    assert.equal(keys.length, 1);
    assert.equal(keys[0].kty, 'OKP');
    assert.equal(keys[0].crv, 'Ed25519');
    assert.equal(keys[0].alg, 'EdDSA');
    assert.equal(keys[0].use, 'sig');
    assert.equal(keys[0].d, undefined);
    assert.doesNotMatch(res.body, /"d"/);
  });

  it('keeps the key across restarts (persisted in the identity schema)', async () => {
    const first = (await built.app.inject({ url: '/api/identity/.well-known/jwks.json' })).json();
    const again = await buildApp(loadIdentityConfig(built.env), { prettyLogs: false });
    try {
      const second = (await again.inject({ url: '/api/identity/.well-known/jwks.json' })).json();
      assert.deepEqual(second, first);
    } finally {
      await again.close();
    }
  });

  it('verifies a token signed with the stored private key', async () => {
    const stored = await built.app.kit.db.selectFrom('signing_keys').selectAll().executeTakeFirstOrThrow();
    const token = await new SignJWT({ sub: 'user-1' }).setProtectedHeader({ alg: 'EdDSA', kid: stored.kid }).setIssuedAt().setExpirationTime('5m').sign(await importJWK(stored.private_jwk, 'EdDSA'));
    const jwks = createLocalJWKSet((await built.app.inject({ url: '/api/identity/.well-known/jwks.json' })).json());
    const { payload } = await jwtVerify(token, jwks);
    assert.equal(payload.sub, 'user-1');
  });
});
