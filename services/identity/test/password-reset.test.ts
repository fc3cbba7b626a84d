import assert from 'node:assert/strict';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { API, buildTestApp, openMailLink, freshIp, outboxEvents, PASSWORD, refreshCookieOf, seedUser, session, signIn } from './helper.ts';

const NEW_PASSWORD = 'Brand-New-Pass-77';
const tokenOf = (linkUrl: string): string => decodeURIComponent(new URL(linkUrl).hash.replace(/^#token=/, ''));
type LinkEvent = { subject: string; data: Record<string, unknown> };

describe('password recovery', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    built = await buildTestApp();
  });
  afterAll(async () => {
  await built?.app.close();
});

  const ask = (email: string, ip = freshIp()) => built.app.inject({ method: 'POST', url: `${API}/password-reset`, remoteAddress: ip, payload: { email } });
  const confirm = (token: string, password: string) => built.app.inject({ method: 'POST', url: `${API}/password-reset/confirm`, payload: { token, password } });
  const linksFor = async (userId: string) => (await outboxEvents(built.app, 'identity.password-link.requested.v1')).filter((e) => e.subject === userId);
  /** The link comms will send: sealed in the event, never plain. */
  const linkOf = (event: LinkEvent): string => {
    assert.equal(event.data.linkUrl, undefined);
    return openMailLink(built.env, event.subject, event.data.sealedLinkUrl);
  };

  it('the answer is the same for a known and an unknown address; only the known one gets a link (in the fragment, 30 minutes)', async () => {
    const user = await seedUser(built.app);
    const known = await ask(user.email.toUpperCase());
    const unknown = await ask('nobody-here@example.org');
    assert.equal(known.statusCode, 202);
    assert.equal(unknown.statusCode, 202);
    assert.deepEqual(known.json(), unknown.json());
    const [event] = await linksFor(user.id);
    assert.ok(event);
    assert.equal(event.data.purpose, 'reset');
    const link = linkOf(event);
    assert.match(link, /^http:\/\/localhost:8080\/reset-password#token=/);
    assert.ok(!JSON.stringify(event).includes(tokenOf(link)), 'no plain token in the event');
    const minutes = (new Date(String(event.data.expiresAt)).getTime() - Date.now()) / 60_000;
    assert.ok(minutes > 29 && minutes <= 30, String(minutes));
    const all = await outboxEvents(built.app, 'identity.password-link.requested.v1');
    assert.ok(!all.some((e) => e.data.email === 'nobody-here@example.org'));
    assert.equal((await ask('not-an-email')).statusCode, 400);
  });

  it('the link sets a password under the policy once, revokes every session, and the new password signs in', async () => {
    const user = await seedUser(built.app);
    const first = await session(built.app, user.email);
    const second = await session(built.app, user.email);
    await ask(user.email);
    const token = tokenOf(linkOf((await linksFor(user.id)).at(-1)!));

    const weak = await confirm(token, 'password');
    assert.equal(weak.statusCode, 400);
    assert.equal(weak.json().detail, 'Please meet the password requirements.');
    const ok = await confirm(token, NEW_PASSWORD);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().message, 'Your password has been updated. Please sign in with your new password.');
    const again = await confirm(token, 'Another-Pass-88');
    assert.equal(again.statusCode, 400);
    assert.equal(again.json().reason, 'invalid_token');

    for (const s of [first, second]) {
      const refreshed = await built.app.inject({ method: 'POST', url: `${API}/session/refresh`, headers: { cookie: `lectern_refresh=${s.refresh}` } });
      assert.equal(refreshed.statusCode, 401, 'every session of the user is revoked');
    }
    assert.equal((await signIn(built.app, user.email, PASSWORD)).statusCode, 401);
    const fresh = await signIn(built.app, user.email, NEW_PASSWORD);
    assert.equal(fresh.statusCode, 200);
    assert.ok(refreshCookieOf(fresh));
    assert.equal((await outboxEvents(built.app, 'identity.user.password-changed.v1')).filter((e) => e.subject === user.id).length, 1);
  });

  it('an expired link, an older link after a newer one was used, and a made-up token are refused', async () => {
    const user = await seedUser(built.app);
    await ask(user.email);
    await ask(user.email);
    const [older, newer] = (await linksFor(user.id)).map((e) => tokenOf(linkOf(e)));
    assert.equal((await confirm(newer!, NEW_PASSWORD)).statusCode, 200);
    assert.equal((await confirm(older!, NEW_PASSWORD)).statusCode, 400, 'a used link kills the others');
    assert.equal((await confirm('made-up', NEW_PASSWORD)).statusCode, 400);

    const other = await seedUser(built.app);
    await ask(other.email);
    const token = tokenOf(linkOf((await linksFor(other.id)).at(-1)!));
    await built.app.kit.db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', other.id).execute();
    assert.equal((await confirm(token, NEW_PASSWORD)).statusCode, 400);
  });

  it('requests are throttled per address (known or not) and per client, with Retry-After', async () => {
    const email = 'throttle-me@example.org';
    for (let i = 0; i < 3; i++) assert.equal((await ask(email)).statusCode, 202);
    const refused = await ask(email);
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const ip = freshIp();
    for (let i = 0; i < 20; i++) assert.equal((await ask(`many-${i}@example.org`, ip)).statusCode, 202);
    assert.equal((await ask('one-more@example.org', ip)).statusCode, 429);
    // Sign-in counters are separate: a throttled reset does not lock the sign-in.
    const user = await seedUser(built.app, { email: 'throttle-user@example.org' });
    for (let i = 0; i < 4; i++) await ask(user.email);
    assert.equal((await signIn(built.app, user.email, PASSWORD)).statusCode, 200);
  });
});
