// Access tokens end before they expire when they must: after a password reset (at once on the
// instance that reset it, within TOKEN_REVOCATIONS_MAX_AGE_MS on another instance) and when staff
// deactivate a member who signs in; an inactive member cannot sign in or refresh.
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { revocationKey } from '@lectern/service-kit';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { TOKEN_REVOCATIONS_MAX_AGE_MS } from '../src/session/token-revocation.ts';
import { API, bearer, buildTestApp, companyEmail, openMailLink, outboxEvents, PASSWORD, seedOrganization, seedUser, session, signIn } from './helper.ts';

const NEW_PASSWORD = 'Brand-New-Pass-77';

describe('token revocation and inactive members', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let second: IdentityApp;
  let orgId: string;
  let admin: string;
  beforeAll(async () => {
    built = await buildTestApp();
    // A second identity instance on the same schema (two replicas behind the edge).
    second = await buildApp(loadIdentityConfig(built.env), { prettyLogs: false });
    orgId = await seedOrganization(built.app);
    admin = (await session(built.app, (await seedUser(built.app, { orgId, role: 'ADMIN', email: companyEmail('admin') })).email)).token;
  });
  afterAll(async () => {
    await second?.close();
    await built?.app.close();
  });

  const me = (app: IdentityApp, token: string) => app.inject({ url: `${API}/me`, headers: bearer(token) });

  it('a password reset ends the access tokens issued before it: at once here, within the list age on another instance; new ones work', async () => {
    const user = await seedUser(built.app, { orgId });
    const before = await session(built.app, user.email);
    assert.equal((await me(built.app, before.token)).statusCode, 200);
    assert.equal((await me(second, before.token)).statusCode, 200, 'the other instance has loaded its list');

    await built.app.inject({ method: 'POST', url: `${API}/password-reset`, payload: { email: user.email } });
    const [link] = (await outboxEvents(built.app, 'identity.password-link.requested.v1')).filter((e) => e.subject === user.id);
    const token = decodeURIComponent(new URL(openMailLink(built.env, link!.subject, link!.data.sealedLinkUrl)).hash.replace(/^#token=/, ''));
    assert.equal((await built.app.inject({ method: 'POST', url: `${API}/password-reset/confirm`, payload: { token, password: NEW_PASSWORD } })).statusCode, 200);

    const refused = await me(built.app, before.token);
    assert.equal(refused.statusCode, 401, 'the instance that reset the password refuses the old token at once');
    await sleep(TOKEN_REVOCATIONS_MAX_AGE_MS + 100);
    assert.equal((await me(second, before.token)).statusCode, 401, `the other instance refuses it within ${TOKEN_REVOCATIONS_MAX_AGE_MS} ms`);

    const after = await session(built.app, user.email, NEW_PASSWORD);
    assert.equal((await me(built.app, after.token)).statusCode, 200, 'a token issued after the reset works');
    assert.equal((await me(second, after.token)).statusCode, 200);
  });

  it('publishes the list for other services by hashed user id (never the id itself)', async () => {
    const user = await seedUser(built.app, { orgId });
    await built.app.kit.db.updateTable('users').set({ token_version: 3, tokens_revoked_at: new Date() }).where('id', '=', user.id).execute();
    const res = await built.app.inject({ url: `${API}/.well-known/token-revocations.json` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().minVersions[revocationKey(user.id)], 3);
    assert.ok(!res.body.includes(user.id));
  });

  it('deactivating a member who signs in ends their sessions and tokens; an inactive member cannot sign in; reactivating lets them back', async () => {
    const email = `member-${Date.now()}@example.org`;
    const added = await built.app.inject({ method: 'POST', url: `${API}/members`, headers: bearer(admin), payload: { firstName: 'Lois', lastName: 'Eunice', email, canSignIn: true } });
    assert.equal(added.statusCode, 201, added.body);
    const memberId = added.json().member.id as string;
    // The member set their own password from the e-mailed link.
    await built.app.kit.db.updateTable('users').set({ password_hash: await built.app.identity.hasher.hash(PASSWORD) }).where('email', '=', email).execute();
    const live = await session(built.app, email);
    assert.equal((await me(built.app, live.token)).statusCode, 200);
    assert.equal((await me(second, live.token)).statusCode, 200);

    const deactivated = await built.app.inject({ method: 'PATCH', url: `${API}/members/${memberId}`, headers: bearer(admin), payload: { status: 'inactive' } });
    assert.equal(deactivated.statusCode, 200, deactivated.body);
    assert.equal((await me(built.app, live.token)).statusCode, 401, 'the access token stops working at once');
    const refreshed = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${live.refresh}` } });
    assert.equal(refreshed.statusCode, 401, 'the session cannot be refreshed');
    await sleep(TOKEN_REVOCATIONS_MAX_AGE_MS + 100);
    assert.equal((await me(second, live.token)).statusCode, 401);

    const refusedSignIn = await signIn(built.app, email, PASSWORD);
    assert.equal(refusedSignIn.statusCode, 403);
    assert.equal(refusedSignIn.json().reason, 'account_inactive');
    assert.equal(refusedSignIn.json().detail, 'Your membership is inactive. Please contact your church to restore access.');
    const wrongPassword = await signIn(built.app, email, 'Not-The-Password-1');
    assert.equal(wrongPassword.statusCode, 401, 'without the password nobody learns the account is inactive');

    assert.equal((await built.app.inject({ method: 'PATCH', url: `${API}/members/${memberId}`, headers: bearer(admin), payload: { status: 'active' } })).statusCode, 200);
    const back = await session(built.app, email);
    assert.equal((await me(built.app, back.token)).statusCode, 200);
  });

  it('an import that marks a signed-in member inactive ends their tokens too', async () => {
    const email = `imported-${Date.now()}@example.org`;
    const added = await built.app.inject({ method: 'POST', url: `${API}/members`, headers: bearer(admin), payload: { firstName: 'Joel', lastName: 'Quinn', email, canSignIn: true } });
    assert.equal(added.statusCode, 201);
    await built.app.kit.db.updateTable('users').set({ password_hash: await built.app.identity.hasher.hash(PASSWORD) }).where('email', '=', email).execute();
    const live = await session(built.app, email);
    const imported = await built.app.inject({ method: 'POST', url: `${API}/members/import`, headers: bearer(admin), payload: { csv: `first_name,last_name,email,status\nJoel,Quinn,${email},inactive\n` } });
    assert.equal(imported.statusCode, 201, imported.body);
    assert.equal((await me(built.app, live.token)).statusCode, 401);
    assert.equal((await signIn(built.app, email, PASSWORD)).statusCode, 403);
  });
});
