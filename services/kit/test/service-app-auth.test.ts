// createServiceApp wires token verification into every service: a route guarded with
// requireSignedIn accepts identity's tokens and refuses tampered, expired and wrong-key ones.
import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { requireSignedIn } from '../src/auth/auth.guards.ts';
import { createSigningKey, serveJwks, signAccessToken, type JwksServer, type SigningKey } from '../src/auth/testing.ts';
import { isolatedServiceEnv } from '../src/testing/index.ts';
import { buildProbeApp, type ProbeApp } from './fixtures/probe.app.ts';

describe('service app: access tokens', () => {
  let app: ProbeApp;
  let jwks: JwksServer;
  let identityKey: SigningKey;
  let strangerKey: SigningKey;
  const issuer = 'http://localhost:8080/api/identity';
  const claims = { sub: 'user-1', org: 'org-1', role: 'PASTOR' as const, email: 'pastor@example.org', staff: false };

  beforeAll(async () => {
    identityKey = await createSigningKey('EdDSA');
    strangerKey = await createSigningKey('EdDSA');
    jwks = await serveJwks([identityKey]);
    const env = await isolatedServiceEnv('kitauth');
    app = await buildProbeApp({ ...env, IDENTITY_JWKS_URL: jwks.url, PUBLIC_ORIGIN: 'http://localhost:8080' }, { relay: false });
    app.get('/api/diagnostics/whoami', { onRequest: requireSignedIn }, async (request) => ({ userId: (request.user as { userId: string }).userId }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await jwks?.close();
  });

  const call = (token?: string) =>
    app.inject({ method: 'GET', url: '/api/diagnostics/whoami', headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('accepts a token identity signed', async () => {
    const response = await call(await signAccessToken(identityKey, claims, { issuer, audience: 'lectern-api' }));
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { userId: 'user-1' });
  });

  it('refuses a missing, tampered, expired, wrong-key or wrong-audience token with 401 problem+json', async () => {
    const good = await signAccessToken(identityKey, claims, { issuer, audience: 'lectern-api' });
    const [header, payload, signature] = good.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload as string, 'base64url').toString()), role: 'ADMIN' })).toString('base64url');
    const cases: Record<string, string | undefined> = {
      missing: undefined,
      tampered: `${header}.${forged}.${signature}`,
      expired: await signAccessToken(identityKey, claims, { issuer, audience: 'lectern-api', expiresInSec: -60 }),
      'wrong key': await signAccessToken(strangerKey, claims, { issuer, audience: 'lectern-api', kid: identityKey.kid }),
      'wrong audience': await signAccessToken(identityKey, claims, { issuer, audience: 'someone-else' }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const response = await call(token);
      assert.equal(response.statusCode, 401, name);
      assert.match(String(response.headers['content-type']), /application\/problem\+json/, name);
    }
  });
});
