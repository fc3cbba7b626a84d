// A check every service runs in its own test suite: its app, built with its own configuration,
// accepts an access token identity signed and refuses missing, tampered, expired, wrong-key and
// wrong-audience tokens with 401 problem+json.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { requireSignedIn } from '../auth/auth.guards.ts';
import { createSigningKey, serveJwks, signAccessToken } from '../auth/testing.ts';

export interface TokenCheckOptions {
  service: string;
  /** Builds the service's app (not yet ready) with extra environment variables. */
  build(extraEnv: Record<string, string>): Promise<FastifyInstance>;
}

export async function assertServiceVerifiesAccessTokens({ service, build }: TokenCheckOptions): Promise<void> {
  const identityKey = await createSigningKey('EdDSA');
  const strangerKey = await createSigningKey('EdDSA');
  const jwks = await serveJwks([identityKey]);
  const origin = 'http://localhost:8080';
  const app = await build({ IDENTITY_JWKS_URL: jwks.url, PUBLIC_ORIGIN: origin });
  try {
    const probePath = `/api/${service}/__token-probe`;
    app.get(probePath, { onRequest: requireSignedIn, schema: { hide: true } }, async (request) => ({ userId: (request.user as { userId: string }).userId }));
    await app.ready();

    const issuer = `${origin}/api/identity`;
    const audience = 'lectern-api';
    const claims = { sub: 'user-1', org: '00000000-0000-4000-8000-000000000001', role: 'STAFF' as const, email: 'staff@example.org', staff: false };
    const good = await signAccessToken(identityKey, claims, { issuer, audience });
    const [header, payload, signature] = good.split('.') as [string, string, string];
    const elevated = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), role: 'ADMIN' })).toString('base64url');

    const call = (token?: string) => app.inject({ method: 'GET', url: probePath, headers: token ? { authorization: `Bearer ${token}` } : {} });
    const accepted = await call(good);
    assert.equal(accepted.statusCode, 200, `${service}: a valid token was refused: ${accepted.body}`);

    const refused: Record<string, string | undefined> = {
      missing: undefined,
      tampered: `${header}.${elevated}.${signature}`,
      expired: await signAccessToken(identityKey, claims, { issuer, audience, expiresInSec: -120 }),
      'wrong key': await signAccessToken(strangerKey, claims, { issuer, audience, kid: identityKey.kid }),
      'unknown key': await signAccessToken(strangerKey, claims, { issuer, audience }),
      'wrong audience': await signAccessToken(identityKey, claims, { issuer, audience: 'another-api' }),
      'wrong issuer': await signAccessToken(identityKey, claims, { issuer: 'https://evil.example/api/identity', audience }),
    };
    for (const [name, token] of Object.entries(refused)) {
      const response = await call(token);
      assert.equal(response.statusCode, 401, `${service}: ${name} token answered ${response.statusCode}`);
      assert.match(String(response.headers['content-type']), /application\/problem\+json/, `${service}: ${name}`);
    }
  } finally {
    await app.close();
    await jwks.close();
  }
}
