// The waiting list: signup from the landing page (source 'marketing-landing'), the confirmation
// link queued for comms, confirm once → confirmed, again → already_confirmed, an expired link →
// 410 'Token expired', a made-up one → 400; a bad address 400, a confirmed address 409, throttled
// 429; the token stored only as a hash and never in a log line.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { buildApp, type IdentityApp } from '../src/app.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { API, FAST_ENV, freshIp, openMailLink, outboxEvents } from './helper.ts';

const tokenOf = (url: string): string => new URL(url).searchParams.get('token')!;

describe('waitlist', () => {
  let app: IdentityApp;
  let env: Record<string, string>;
  const logLines: string[] = [];
  beforeAll(async () => {
    env = await isolatedServiceEnv('identity', { ...FAST_ENV, LOG_LEVEL: 'info' });
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => logLines.push(String(chunk)));
    app = await buildApp(loadIdentityConfig(env), { prettyLogs: false, logStream });
  });
  afterAll(async () => {
    await app?.close();
  });

  const join = (email: string, ip = freshIp(), source = 'marketing-landing') =>
    app.inject({ method: 'POST', url: `${API}/waitlist`, remoteAddress: ip, payload: { email, source } });
  const confirm = (token: string) => app.inject({ method: 'GET', url: `${API}/waitlist/confirm?token=${encodeURIComponent(token)}` });
  /** The links comms would send (opened from the sealed events as comms does). */
  const linksFor = async (email: string) =>
    (await outboxEvents(app, 'identity.waitlist.confirmation-requested.v1')).filter((e) => e.data.email === email).map((e) => openMailLink(env, String(e.data.signupId), e.data.sealedConfirmUrl));
  const newEmail = () => `wait-${randomUUID().slice(0, 8)}@example.org`;

  it('records the address (lower-cased, pending) and queues one confirmation link valid 48 hours', async () => {
    const email = newEmail();
    const res = await join(`  ${email.toUpperCase()} `);
    assert.equal(res.statusCode, 202, res.body);
    assert.deepEqual(res.json(), { message: 'Check your inbox: we sent you a link to confirm your spot on the waiting list.', email });
    const row = await app.kit.db.selectFrom('waitlist_signups').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    assert.equal(row.source, 'marketing-landing');
    const [event] = (await outboxEvents(app, 'identity.waitlist.confirmation-requested.v1')).filter((e) => e.data.email === email);
    assert.ok(event);
    assert.equal(event.subject, row.id);
    assert.equal(event.orgId, null);
    const link = openMailLink(env, row.id, event.data.sealedConfirmUrl);
    assert.match(link, /^http:\/\/localhost:8080\/waitlist\/confirm\?token=[\w-]{20,}$/);
    assert.ok(!JSON.stringify(event).includes(tokenOf(link)), 'the token is not in the event in plain');
    assert.throws(() => openMailLink(env, randomUUID(), event.data.sealedConfirmUrl), 'the sealed link opens only for its signup');
    const hours = (new Date(String(event.data.expiresAt)).getTime() - Date.now()) / 3_600_000;
    assert.ok(hours > 47.9 && hours <= 48, String(hours));
    // only the hash is stored
    const tokens = await app.kit.db.selectFrom('waitlist_tokens').select('token_hash').where('signup_id', '=', row.id).execute();
    assert.equal(tokens.length, 1);
    assert.notEqual(tokens[0]!.token_hash, tokenOf(link));
  });

  it('confirms once; the same link again says already_confirmed; joining again is refused with 409', async () => {
    const email = newEmail();
    await join(email);
    const token = tokenOf((await linksFor(email))[0]!);
    const first = await confirm(token);
    assert.equal(first.statusCode, 200, first.body);
    assert.deepEqual(first.json(), { status: 'confirmed' });
    const second = await confirm(token);
    assert.deepEqual(second.json(), { status: 'already_confirmed' });
    const row = await app.kit.db.selectFrom('waitlist_signups').select(['status', 'confirmed_at']).where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(row.status, 'confirmed');
    assert.ok(row.confirmed_at);
    assert.equal((await outboxEvents(app, 'identity.waitlist.confirmed.v1')).filter((e) => e.data.email === email).length, 1);

    const again = await join(email);
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().detail, 'This email address is already on the waiting list.');
    assert.equal((await linksFor(email)).length, 1, 'no new link for a confirmed address');
  });

  it('two confirmations of one link at once: one confirmed, one already_confirmed, one event', async () => {
    const email = newEmail();
    await join(email);
    const token = tokenOf((await linksFor(email))[0]!);
    const answers = await Promise.all([confirm(token), confirm(token)]);
    assert.deepEqual(answers.map((a) => a.json().status).sort(), ['already_confirmed', 'confirmed']);
    assert.equal((await outboxEvents(app, 'identity.waitlist.confirmed.v1')).filter((e) => e.data.email === email).length, 1);
  });

  it("an expired link answers 410 'Token expired'; asking again sends a fresh link that works", async () => {
    const email = newEmail();
    await join(email);
    const expired = tokenOf((await linksFor(email))[0]!);
    const signup = await app.kit.db.selectFrom('waitlist_signups').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await app.kit.db.updateTable('waitlist_tokens').set({ expires_at: new Date(Date.now() - 1000) }).where('signup_id', '=', signup.id).execute();
    const res = await confirm(expired);
    assert.equal(res.statusCode, 410);
    assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8');
    assert.equal(res.json().detail, 'Token expired');
    assert.equal(res.json().reason, 'token_expired');

    assert.equal((await join(email)).statusCode, 202);
    const fresh = tokenOf((await linksFor(email))[1]!);
    assert.deepEqual((await confirm(fresh)).json(), { status: 'confirmed' });
    // the expired link of a confirmed address now says so
    assert.deepEqual((await confirm(expired)).json(), { status: 'already_confirmed' });
  });

  it('a made-up token is 400; a missing or bad e-mail 400 with the message; another source 400', async () => {
    const unknown = await confirm('made-up-token-that-was-never-issued');
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().reason, 'invalid_token');
    assert.equal((await app.inject({ method: 'GET', url: `${API}/waitlist/confirm` })).statusCode, 400);

    const blank = await join('   ');
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json().detail, 'Email is required.');
    const bad = await join('not-an-email');
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().detail, 'Enter a valid email address');
    assert.equal((await join(newEmail(), freshIp(), 'somewhere-else')).statusCode, 400);
    assert.equal(await app.kit.db.selectFrom('waitlist_signups').select('id').where('email', '=', 'not-an-email').executeTakeFirst(), undefined);
  });

  it('throttled per address (3 an hour) and per client (20 an hour): 429 with Retry-After, never a 500', async () => {
    const email = newEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await join(email)).statusCode);
    assert.deepEqual(statuses, [202, 202, 202, 429, 429]);
    const refused = await join(email);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.match(refused.json().detail, /^Too many requests to join the waiting list\. Please try again in \d+ minutes?\.$/);
    assert.equal((await linksFor(email)).length, 3);

    const ip = freshIp();
    const fromOneClient: number[] = [];
    for (let i = 0; i < 22; i++) fromOneClient.push((await join(newEmail(), ip)).statusCode);
    assert.deepEqual(fromOneClient.slice(0, 20), Array(20).fill(202));
    assert.deepEqual(fromOneClient.slice(20), [429, 429]);
  });

  it('two sign-ups of one new address at once: one row, two links, no 500', async () => {
    const email = newEmail();
    const answers = await Promise.all([join(email), join(email)]);
    assert.deepEqual(answers.map((a) => a.statusCode), [202, 202]);
    assert.equal((await app.kit.db.selectFrom('waitlist_signups').select('id').where('email', '=', email).execute()).length, 1);
  });

  it('no token appears in any log line', async () => {
    const email = newEmail();
    await join(email);
    const token = tokenOf((await linksFor(email))[0]!);
    await confirm(token);
    const log = logLines.join('');
    assert.match(log, /\/waitlist\/confirm\?token=\[redacted\]/);
    assert.ok(!log.includes(token), 'the token was logged');
  });
});
