import assert from 'node:assert/strict';
import { createHmac, createPublicKey } from 'node:crypto';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import Fastify, { type FastifyInstance } from 'fastify';
import { assertSameOrg, authPlugin, JwksCache, orgScope, revocationKey, requireCompanyDomainStaff, requireCompanyStaff, requireRole, requireSignedIn } from '../../src/auth/index.ts';
import type { AccessTokenClaims } from '../../src/auth/index.ts';
import { createSigningKey, serveJwks, signAccessToken, type JwksServer, type SigningKey } from '../../src/auth/testing.ts';

const issuer = 'http://localhost:8080/api/identity';
const audience = 'lectern-api';
const member: AccessTokenClaims = { sub: 'user-1', org: 'org-1', role: 'MEMBER', email: 'm@example.org', staff: false };

let rsa: SigningKey;
let ed: SigningKey;
let jwks: JwksServer;
let app: FastifyInstance;

async function buildApp(jwksUrl: string, extra: { jwksMinRefetchIntervalMs?: number } = {}): Promise<FastifyInstance> {
  const instance = Fastify();
  await instance.register(authPlugin, { jwksUrl, issuer, audience, ...extra });
  await instance.register(async (scope) => {
    scope.addHook('onRequest', requireSignedIn);
    scope.get('/me', async (request) => request.user);
    scope.get('/org', async (request) => ({ org: orgScope(request) }));
    scope.get('/rows/:org', async (request) => {
      assertSameOrg(request, { orgId: (request.params as { org: string }).org });
      return { ok: true };
    });
  }, { prefix: '/signed-in' });
  await instance.register(async (scope) => {
    scope.addHook('onRequest', requireRole('ADMIN', 'PASTOR'));
    scope.get('/x', async () => ({ ok: true }));
  }, { prefix: '/admin' });
  await instance.register(async (scope) => {
    scope.addHook('onRequest', requireCompanyStaff);
    scope.get('/x', async () => ({ ok: true }));
  }, { prefix: '/console' });
  await instance.register(async (scope) => {
    scope.addHook('onRequest', requireCompanyDomainStaff);
    scope.get('/x', async () => ({ ok: true }));
  }, { prefix: '/company' });
  instance.get('/public', async () => ({ ok: true }));
  return instance;
}

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

function b64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

beforeAll(async () => {
  rsa = await createSigningKey('RS256');
  ed = await createSigningKey('EdDSA');
  jwks = await serveJwks([rsa, ed]);
  app = await buildApp(jwks.url);
});

afterAll(async () => {
  await app.close();
  await jwks.close();
});

describe('auth: token verification', () => {
  test('a valid RS256 token passes and request.user is the typed principal', async () => {
    const token = await signAccessToken(rsa, member, { issuer, audience });
    const res = await app.inject({ url: '/signed-in/me', headers: bearer(token) });
    assert.equal(res.statusCode, 200, res.body);
    const user = res.json();
    assert.equal(user.userId, 'user-1');
    assert.equal(user.orgId, 'org-1');
    assert.equal(user.role, 'MEMBER');
    assert.equal(user.email, 'm@example.org');
    assert.equal(user.companyStaff, false);
    assert.equal(user.companyDomain, false, 'no cd claim means not on a company domain');
    assert.equal(typeof user.expiresAt, 'number');
  });

  test('a valid EdDSA token passes', async () => {
    const token = await signAccessToken(ed, { ...member, org: null, role: null }, { issuer, audience });
    const res = await app.inject({ url: '/signed-in/me', headers: bearer(token) });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().orgId, null);
  });

  const refusals: Array<[string, () => Promise<string>]> = [
    ['no token', async () => ''],
    ['a tampered payload', async () => {
      const [h, , s] = (await signAccessToken(rsa, member, { issuer, audience })).split('.');
      return `${h}.${b64url({ ...member, role: 'ADMIN', iss: issuer, aud: audience, exp: Math.floor(Date.now() / 1000) + 900 })}.${s}`;
    }],
    ['a tampered signature', async () => {
      const token = await signAccessToken(ed, member, { issuer, audience });
      return token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    }],
    ['an expired token (beyond clock tolerance)', async () => signAccessToken(rsa, member, { issuer, audience, expiresInSec: -30 })],
    ['a token signed with another key under a published kid', async () => {
      const stranger = await createSigningKey('RS256', rsa.kid);
      return signAccessToken(stranger, member, { issuer, audience });
    }],
    ['a token from an unknown key', async () => signAccessToken(await createSigningKey('EdDSA'), member, { issuer, audience })],
    ['a wrong issuer', async () => signAccessToken(rsa, member, { issuer: 'https://evil.example', audience })],
    ['a wrong audience', async () => signAccessToken(rsa, member, { issuer, audience: 'other-api' })],
    ['alg none', async () => {
      const now = Math.floor(Date.now() / 1000);
      return `${b64url({ alg: 'none', kid: rsa.kid, typ: 'JWT' })}.${b64url({ ...member, iss: issuer, aud: audience, iat: now, exp: now + 900 })}.`;
    }],
    ['HS256 signed with the public key (algorithm confusion)', async () => {
      const now = Math.floor(Date.now() / 1000);
      const pem = createPublicKey({ key: rsa.publicJwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
      const unsigned = `${b64url({ alg: 'HS256', kid: rsa.kid, typ: 'JWT' })}.${b64url({ ...member, iss: issuer, aud: audience, iat: now, exp: now + 900 })}`;
      return `${unsigned}.${createHmac('sha256', pem).update(unsigned).digest('base64url')}`;
    }],
    ['garbage', async () => 'not.a.jwt'],
    ['a token with a bad role claim', async () => signAccessToken(rsa, { ...member, role: 'OWNER' as never }, { issuer, audience })],
  ];
  for (const [name, makeToken] of refusals) {
    test(`refuses ${name} with 401 unauthenticated`, async () => {
      const token = await makeToken();
      const res = await app.inject({ url: '/signed-in/me', headers: token ? bearer(token) : {} });
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(res.json().code, 'unauthenticated');
    });
  }

  test('accepts a token expired within the clock tolerance', async () => {
    const token = await signAccessToken(rsa, member, { issuer, audience, expiresInSec: -2 });
    const res = await app.inject({ url: '/signed-in/me', headers: bearer(token) });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('unprotected routes stay open', async () => {
    assert.equal((await app.inject({ url: '/public' })).statusCode, 200);
  });

  test('verifyAccessToken checks a token given outside the Authorization header', async () => {
    const principal = await app.verifyAccessToken(await signAccessToken(ed, member, { issuer, audience }));
    assert.equal(principal.userId, 'user-1');
    await assert.rejects(app.verifyAccessToken(await signAccessToken(rsa, member, { issuer, audience: 'x' })), { statusCode: 401, code: 'unauthenticated' });
  });
});

describe('auth: role, staff and org guards', () => {
  test('requireRole refuses other roles with 403 and admits listed ones', async () => {
    const memberToken = await signAccessToken(rsa, member, { issuer, audience });
    const res = await app.inject({ url: '/admin/x', headers: bearer(memberToken) });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'forbidden');
    const pastor = await signAccessToken(rsa, { ...member, role: 'PASTOR' }, { issuer, audience });
    assert.equal((await app.inject({ url: '/admin/x', headers: bearer(pastor) })).statusCode, 200);
    assert.equal((await app.inject({ url: '/admin/x' })).statusCode, 401);
  });

  test('requireCompanyStaff refuses non-staff with 403, even an org ADMIN', async () => {
    const admin = await signAccessToken(rsa, { ...member, role: 'ADMIN' }, { issuer, audience });
    const res = await app.inject({ url: '/console/x', headers: bearer(admin) });
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'forbidden');
    const staff = await signAccessToken(rsa, { ...member, role: null, org: null, staff: true }, { issuer, audience });
    assert.equal((await app.inject({ url: '/console/x', headers: bearer(staff) })).statusCode, 200);
  });

  test('requireCompanyDomainStaff admits staff-side roles with the company-domain claim only', async () => {
    const sign = (claims: Partial<AccessTokenClaims>) => signAccessToken(rsa, { ...member, ...claims }, { issuer, audience });
    for (const role of ['ADMIN', 'PASTOR', 'STAFF'] as const) {
      const res = await app.inject({ url: '/company/x', headers: bearer(await sign({ role, cd: true })) });
      assert.equal(res.statusCode, 200, `${role} on the company domain`);
    }
    const refused: Array<[string, Partial<AccessTokenClaims>]> = [
      ['an ADMIN off the company domain', { role: 'ADMIN', cd: false }],
      ['an ADMIN without the claim', { role: 'ADMIN' }],
      ['a MEMBER on the company domain', { role: 'MEMBER', cd: true }],
      ['a VOLUNTEER on the company domain', { role: 'VOLUNTEER', cd: true }],
      ['a company-domain user without a role', { role: null, org: null, cd: true }],
      ['a console staff user off the domain', { role: 'ADMIN', staff: true, cd: false }],
    ];
    for (const [who, claims] of refused) {
      const res = await app.inject({ url: '/company/x', headers: bearer(await sign(claims)) });
      assert.equal(res.statusCode, 403, who);
      assert.equal(res.json().code, 'forbidden');
    }
    assert.equal((await app.inject({ url: '/company/x' })).statusCode, 401);
  });

  test('orgScope returns the caller org and refuses callers without one', async () => {
    const inOrg = await signAccessToken(rsa, member, { issuer, audience });
    assert.deepEqual((await app.inject({ url: '/signed-in/org', headers: bearer(inOrg) })).json(), { org: 'org-1' });
    const noOrg = await signAccessToken(rsa, { ...member, org: null }, { issuer, audience });
    const res = await app.inject({ url: '/signed-in/org', headers: bearer(noOrg) });
    assert.equal(res.statusCode, 403);
  });

  test('assertSameOrg hides rows of another organization as 404', async () => {
    const token = await signAccessToken(rsa, member, { issuer, audience });
    assert.equal((await app.inject({ url: '/signed-in/rows/org-1', headers: bearer(token) })).statusCode, 200);
    const res = await app.inject({ url: '/signed-in/rows/org-2', headers: bearer(token) });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, 'not_found');
  });
});

describe('auth: key set caching', () => {
  test('the key set is fetched once for many requests, and again for an unknown kid', async () => {
    const keys = [await createSigningKey('RS256')];
    const server = await serveJwks(keys);
    const instance = await buildApp(server.url, { jwksMinRefetchIntervalMs: 0 });
    try {
      for (let i = 0; i < 20; i += 1) {
        const token = await signAccessToken(keys[0]!, member, { issuer, audience });
        assert.equal((await instance.inject({ url: '/signed-in/me', headers: bearer(token) })).statusCode, 200);
      }
      assert.equal(server.requests, 1);
      const rotated = await createSigningKey('EdDSA');
      server.setKeys([keys[0]!, rotated]);
      const token = await signAccessToken(rotated, member, { issuer, audience });
      assert.equal((await instance.inject({ url: '/signed-in/me', headers: bearer(token) })).statusCode, 200);
      assert.equal(server.requests, 2);
    } finally {
      await instance.close();
      await server.close();
    }
  });

  test('unknown kids refetch at most once per interval; the cache expires after 10 minutes', async () => {
    const key = await createSigningKey('RS256');
    const server = await serveJwks([key]);
    let clock = 1_000_000;
    const cache = new JwksCache({ url: server.url, now: () => clock, minRefetchIntervalMs: 30_000 });
    try {
      assert.ok(await cache.getKey(key.kid));
      assert.equal(server.requests, 1);
      clock += 1_000;
      assert.equal(await cache.getKey('forged-1'), null);
      assert.equal(await cache.getKey('forged-2'), null);
      assert.equal(server.requests, 1, 'unknown kids within the interval do not refetch');
      clock += 30_000;
      assert.equal(await cache.getKey('forged-3'), null);
      assert.equal(server.requests, 2, 'one refetch once the interval has passed');
      clock += 9 * 60_000;
      assert.ok(await cache.getKey(key.kid));
      assert.equal(server.requests, 2, 'still within 10 minutes of the last fetch');
      clock += 60_000;
      assert.ok(await cache.getKey(key.kid));
      assert.equal(server.requests, 3, 'refetched after 10 minutes');
    } finally {
      await server.close();
    }
  });

  test('concurrent first requests share one fetch; identity down keeps known keys working', async () => {
    const key = await createSigningKey('EdDSA');
    const server = await serveJwks([key]);
    let clock = 0;
    const cache = new JwksCache({ url: server.url, now: () => clock, fetchTimeoutMs: 500 });
    await Promise.all(Array.from({ length: 10 }, () => cache.getKey(key.kid)));
    assert.equal(server.requests, 1);
    await server.close();
    clock += 11 * 60_000;
    assert.ok(await cache.getKey(key.kid), 'stale key used while identity is unreachable');
    const cold = new JwksCache({ url: server.url, fetchTimeoutMs: 500 });
    await assert.rejects(cold.getKey(key.kid), { statusCode: 503, code: 'identity_unavailable' });
  });
  test('a local key-set loader replaces the fetch and is cached the same way (identity verifying its own tokens)', async () => {
    const key = await createSigningKey('EdDSA');
    let loads = 0;
    const instance = Fastify();
    await instance.register(authPlugin, {
      jwksUrl: 'local:identity',
      jwksLoader: async () => {
        loads += 1;
        return { keys: [key.publicJwk] };
      },
      issuer,
      audience,
    });
    instance.get('/me', { onRequest: requireSignedIn }, async (request) => request.user);
    try {
      for (let i = 0; i < 5; i += 1) {
        const token = await signAccessToken(key, member, { issuer, audience });
        assert.equal((await instance.inject({ url: '/me', headers: bearer(token) })).statusCode, 200);
      }
      assert.equal(loads, 1);
      const foreign = await createSigningKey('EdDSA', key.kid);
      const forged = await signAccessToken(foreign, member, { issuer, audience });
      assert.equal((await instance.inject({ url: '/me', headers: bearer(forged) })).statusCode, 401);
    } finally {
      await instance.close();
    }
  });
});

test('a token whose version identity revoked is refused (list read from beside the key set); a newer version passes', async () => {
  const user: AccessTokenClaims = { ...member, sub: 'user-revoked' };
  const old = await signAccessToken(rsa, { ...user, tv: 0 }, { issuer, audience });
  const fresh = await signAccessToken(rsa, { ...user, tv: 1 }, { issuer, audience });
  jwks.setRevocations({ [revocationKey('user-revoked')]: 1 });
  const local = await buildApp(jwks.url);
  try {
    assert.equal((await local.inject({ url: '/signed-in/me', headers: bearer(old) })).statusCode, 401);
    await assert.rejects(local.verifyAccessToken(old));
    const ok = await local.inject({ url: '/signed-in/me', headers: bearer(fresh) });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().tokenVersion, 1);
    assert.equal((await local.inject({ url: '/signed-in/me', headers: bearer(await signAccessToken(rsa, member, { issuer, audience })) })).statusCode, 200, 'other users are untouched');
  } finally {
    jwks.setRevocations(null);
    await local.close();
  }
});
