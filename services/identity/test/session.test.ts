import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { createSigningKey, signAccessToken } from '@lectern/service-kit/testing';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { API, bearer, buildTestApp, freshIp, PASSWORD, refreshCookieOf, seedOrganization, seedUser, session, signIn, solvedCaptcha } from './helper.ts';

describe('sign-in, refresh and sign-out', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let orgId: string;
  beforeAll(async () => {
    built = await buildTestApp();
    orgId = await seedOrganization(built.app, 'Grace Church');
  });
  afterAll(() => built?.app.close());

  it('signs in: short-lived EdDSA access token with the claims, refresh cookie scoped to the session endpoints', async () => {
    const user = await seedUser(built.app, { orgId, role: 'PASTOR', email: 'Pastor.Ann@Grace.org' });
    const res = await signIn(built.app, 'pastor.ann@grace.org', PASSWORD);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.equal(body.tokenType, 'Bearer');
    assert.equal(body.expiresIn, 900);
    assert.ok(Math.abs(body.expiresAt - (Date.now() + 900_000)) < 5_000);
    const header = decodeProtectedHeader(body.accessToken);
    assert.equal(header.alg, 'EdDSA');
    assert.ok(header.kid);
    const claims = decodeJwt(body.accessToken);
    assert.equal(claims.sub, user.id);
    assert.equal(claims.org, orgId);
    assert.equal(claims.role, 'PASTOR');
    assert.equal(claims.staff, false);
    assert.equal(claims.iss, 'http://localhost:8080/api/identity');
    assert.equal(claims.aud, 'lectern-api');
    assert.equal(body.user.homePath, '/dashboard');
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /^lectern_refresh=[A-Za-z0-9_-]{43}; Path=\/api\/identity\/session; Max-Age=2592000; HttpOnly; SameSite=Strict$/);
    assert.doesNotMatch(res.body, new RegExp(refreshCookieOf(res)!), 'the refresh token is never in the body');
    const me = await built.app.inject({ url: `${API}/me`, headers: bearer(body.accessToken) });
    assert.equal(me.statusCode, 200);
    assert.equal(me.json().organization.name, 'Grace Church');
  });

  it('answers an unknown e-mail, a wrong password and an account without password the same way', async () => {
    const user = await seedUser(built.app, { orgId });
    const nopass = await seedUser(built.app, { orgId, password: null });
    const answers = [
      await signIn(built.app, 'nobody@example.org', PASSWORD),
      await signIn(built.app, user.email, 'Wrong-Password-1'),
      await signIn(built.app, nopass.email, PASSWORD),
    ];
    for (const res of answers) {
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().detail, 'Invalid email or password');
      assert.equal(res.json().reason, 'invalid_credentials');
    }
  });

  it('refuses sign-in without a captcha, with a forged one, and with one already used', async () => {
    const user = await seedUser(built.app, { orgId });
    const missing = await built.app.inject({ method: 'POST', url: `${API}/session`, payload: { email: user.email, password: PASSWORD } });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().detail, 'Please complete the captcha verification.');
    const captcha = await solvedCaptcha(built.app);
    const decoded = JSON.parse(Buffer.from(captcha, 'base64').toString());
    const forged = Buffer.from(JSON.stringify({ ...decoded, signature: 'f'.repeat(64) })).toString('base64');
    const bad = await built.app.inject({ method: 'POST', url: `${API}/session`, payload: { email: user.email, password: PASSWORD, captcha: forged } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().detail, 'Captcha verification failed. Please try again.');
    const first = await built.app.inject({ method: 'POST', url: `${API}/session`, remoteAddress: freshIp(), payload: { email: user.email, password: PASSWORD, captcha } });
    assert.equal(first.statusCode, 200);
    const replay = await built.app.inject({ method: 'POST', url: `${API}/session`, remoteAddress: freshIp(), payload: { email: user.email, password: PASSWORD, captcha } });
    assert.equal(replay.statusCode, 400);
    assert.equal(replay.json().reason, 'captcha_failed');
  });

  it('refuses an unconfirmed e-mail after a correct password only', async () => {
    const user = await seedUser(built.app, { orgId, verified: false });
    const res = await signIn(built.app, user.email, PASSWORD);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().reason, 'email_not_verified');
    assert.equal((await signIn(built.app, user.email, 'Wrong-Password-1')).statusCode, 401);
  });

  it('throttles an account after 5 failures (429 with Retry-After), whatever the address', async () => {
    const user = await seedUser(built.app, { orgId });
    for (let i = 0; i < 5; i += 1) assert.equal((await signIn(built.app, user.email, `Wrong-${i}-Aa`)).statusCode, 401);
    const blocked = await signIn(built.app, user.email, PASSWORD);
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().detail, 'Too many sign-in attempts. Please try again in 1 minute.');
    assert.equal(blocked.headers['retry-after'], '30');
    const counter = await built.app.kit.db.selectFrom('sign_in_attempts').select('count').where('key', '=', `account:${user.email}`).executeTakeFirstOrThrow();
    assert.equal(counter.count, 5, 'a refused attempt is not counted');
  });

  it('throttles one address after 30 attempts across accounts; parallel bursts get only the free attempts', async () => {
    const ip = '192.0.2.77';
    const results = await Promise.all(Array.from({ length: 34 }, (_, i) => signIn(built.app, `spray-${i}@example.org`, 'Wrong-Password-1', ip)));
    const codes = results.map((r) => r.statusCode);
    assert.equal(codes.filter((c) => c === 401).length, 30);
    assert.equal(codes.filter((c) => c === 429).length, 4);
  });

  it('rotates the refresh token; a reused one revokes the whole family', async () => {
    const user = await seedUser(built.app, { orgId, role: 'STAFF' });
    const first = await session(built.app, user.email);
    const rotated = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${first.refresh}` } });
    assert.equal(rotated.statusCode, 200, rotated.body);
    const second = refreshCookieOf(rotated)!;
    assert.ok(second && second !== first.refresh);
    assert.equal(decodeJwt(rotated.json().accessToken).role, 'STAFF');
    const third = refreshCookieOf(await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${second}` } }))!;
    assert.ok(third);

    const reuse = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${first.refresh}` } });
    assert.equal(reuse.statusCode, 401);
    assert.equal(reuse.json().reason, 'refresh_reused');
    assert.match(String(reuse.headers['set-cookie']), /lectern_refresh=; .*Max-Age=0/);
    const afterReuse = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${third}` } });
    assert.equal(afterReuse.statusCode, 401, 'the newest token of the family is revoked too');
    const otherSession = await session(built.app, user.email);
    const unaffected = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${otherSession.refresh}` } });
    assert.equal(unaffected.statusCode, 200, 'another sign-in is another family');
  });

  it('picks up a role change at refresh', async () => {
    const user = await seedUser(built.app, { orgId, role: 'MEMBER' });
    const s = await session(built.app, user.email);
    await built.app.kit.db.insertInto('custom_user_roles').values({ user_id: user.id, role: 'ADMIN' }).execute();
    const res = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${s.refresh}` } });
    assert.equal(decodeJwt(res.json().accessToken).role, 'ADMIN');
  });

  it('refuses a missing, unknown or expired refresh token', async () => {
    assert.equal((await built.app.inject({ method: 'POST', url: `${API}/session/refresh` })).statusCode, 401);
    assert.equal((await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: 'lectern_refresh=nope' } })).json().reason, 'refresh_invalid');
    const user = await seedUser(built.app, { orgId });
    const s = await session(built.app, user.email);
    await built.app.kit.db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', user.id).execute();
    const res = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${s.refresh}` } });
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().detail, 'Your session has expired. Please sign in again.');
  });

  it('signs out: the family is revoked and the cookie cleared; signing out twice is fine', async () => {
    const user = await seedUser(built.app, { orgId });
    const s = await session(built.app, user.email);
    const out = await built.app.inject({ method: 'POST', url: `${API}/session/sign-out`, headers: { cookie: `lectern_refresh=${s.refresh}` } });
    assert.equal(out.statusCode, 204);
    assert.match(String(out.headers['set-cookie']), /Max-Age=0/);
    assert.equal((await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${s.refresh}` } })).statusCode, 401);
    assert.equal((await built.app.inject({ method: 'POST', url: `${API}/session/sign-out` })).statusCode, 204);
  });

  it('refuses tampered, expired, wrong-key, unknown-key and alg:none access tokens on /me', async () => {
    const user = await seedUser(built.app, { orgId, role: 'MEMBER' });
    const { token } = await session(built.app, user.email);
    assert.equal((await built.app.inject({ url: `${API}/me`, headers: bearer(token) })).statusCode, 200);
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, role: 'ADMIN' })).toString('base64url')}.${s}`;
    const stored = await built.app.kit.db.selectFrom('signing_keys').select('kid').executeTakeFirstOrThrow();
    const foreign = await createSigningKey('EdDSA', stored.kid);
    const claims = { sub: user.id, org: orgId, role: 'ADMIN' as const, email: user.email, staff: true };
    const issuer = 'http://localhost:8080/api/identity';
    const wrongKey = await signAccessToken(foreign, claims, { issuer, audience: 'lectern-api' });
    const otherKid = await signAccessToken(await createSigningKey('EdDSA'), claims, { issuer, audience: 'lectern-api' });
    const expired = await signAccessToken(foreign, claims, { issuer, audience: 'lectern-api', expiresInSec: -60 });
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: stored.kid })).toString('base64url')}.${p}.`;
    const fresh = (await built.app.identity.tokens.sign({ sub: user.id, org: orgId, role: 'MEMBER', email: user.email, staff: false, cd: false })).token;
    // A genuinely expired token signed with identity's own key.
    const ownExpired = (await built.app.identity.tokens.sign({ sub: user.id, org: orgId, role: 'MEMBER', email: user.email, staff: false, cd: false }, Date.now() - 3_600_000)).token;
    for (const [name, bad] of Object.entries({ tampered, wrongKey, otherKid, expired, none, ownExpired, garbage: 'abc.def.ghi' })) {
      const res = await built.app.inject({ url: `${API}/me`, headers: bearer(bad) });
      assert.equal(res.statusCode, 401, `${name} must be refused`);
      assert.equal(res.json().code, 'UNAUTHENTICATED');
    }
    assert.equal((await built.app.inject({ url: `${API}/me`, headers: bearer(fresh) })).statusCode, 200, 'control: a token identity signs now is accepted');
    assert.equal((await built.app.inject({ url: `${API}/me` })).statusCode, 401);
  });
});
