// Product analytics (spec 001 §7 Other, ADR 0025): the collector refuses everything while
// analytics_enabled is off, validates and size-limits batches, limits requests per client across
// instances (Postgres), identifies only the signed-in user itself, stores no address or e-mail;
// the retention job deletes what is older than 2 years; the console funnel counts ordered steps.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import type { IdentityApp } from '../src/app.ts';
import { deleteExpiredAnalytics, funnel, insertEvents } from '../src/analytics/analytics.repository.ts';
import { ANALYTICS_REQUESTS_PER_MINUTE } from '../src/analytics/analytics.routes.ts';
import { API, bearer, buildTestApp, companyEmail, freshIp, seedOrganization, seedUser, session } from './helper.ts';

describe('product analytics', () => {
  let app: IdentityApp;
  let staffToken: string;
  let staffId: string;
  let staffEmail: string;
  let adminToken: string;
  let orgId: string;

  const setFlags = async (keys: string[], enabled: boolean) => {
    await app.kit.db.updateTable('feature_flags').set({ enabled }).where('key', 'in', keys).execute();
  };
  const send = (payload: unknown, remoteAddress = freshIp()) =>
    app.inject({ method: 'POST', url: `${API}/analytics/events`, payload: payload as object, remoteAddress });
  const pageview = (path: string, ageMs = 0) => ({ name: '$pageview', path, ageMs });
  const storedFor = (anonymousId: string) => app.kit.db.selectFrom('analytics_events').selectAll().where('anonymous_id', '=', anonymousId).orderBy('id').execute();

  beforeAll(async () => {
    ({ app } = await buildTestApp());
    orgId = await seedOrganization(app);
    staffEmail = companyEmail('analytics');
    staffId = (await seedUser(app, { email: staffEmail, role: 'ADMIN', orgId })).id;
    await app.kit.db.insertInto('staff_users').values({ email: staffEmail, status: 'active' }).execute();
    staffToken = (await session(app, staffEmail)).token;
    const admin = await seedUser(app, { role: 'ADMIN', orgId, email: companyEmail('admin') });
    adminToken = (await session(app, admin.email)).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  test('while analytics_enabled is off nothing is accepted or stored', async () => {
    await setFlags(['analytics_enabled'], false);
    const id = randomUUID();
    const refused = await send({ anonymousId: id, events: [pageview('/')] });
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().detail, 'Analytics is turned off.');
    const identify = await app.inject({ method: 'POST', url: `${API}/analytics/identify`, headers: bearer(staffToken), payload: { anonymousId: id, userId: staffId, email: staffEmail } });
    assert.equal(identify.statusCode, 403);
    assert.equal((await storedFor(id)).length, 0);
    await setFlags(['analytics_enabled'], true);
  });

  test('a valid batch is stored per event: name, path, small properties, time — no address, no e-mail; the checkout2step. prefix is the only dotted name', async () => {
    const id = randomUUID();
    const accepted = await send({
      anonymousId: id,
      events: [pageview('/pricing', 4_000), { name: 'checkout2step.payment_submitted', path: '/cotr-special-step2', properties: { plan: 'COTR_SPECIAL_YEARLY', amount: 4564 }, ageMs: 0 }],
    });
    assert.equal(accepted.statusCode, 202, accepted.body);
    assert.deepEqual(accepted.json(), { accepted: 2 });
    const rows = await storedFor(id);
    assert.deepEqual(rows.map((r) => [r.name, r.path, r.properties]), [['$pageview', '/pricing', {}], ['checkout2step.payment_submitted', '/cotr-special-step2', { plan: 'COTR_SPECIAL_YEARLY', amount: 4564 }]]);
    assert.ok(rows[1]!.occurred_at.getTime() - rows[0]!.occurred_at.getTime() >= 3_900, 'the event time comes from its age, not the browser clock');
    const columns = Object.keys(rows[0]!).sort();
    assert.deepEqual(columns, ['anonymous_id', 'id', 'name', 'occurred_at', 'path', 'properties', 'received_at']);
  });

  test('bad batches get a 400 (or 413) and store nothing', async () => {
    const id = randomUUID();
    const bad: [string, unknown][] = [
      ['not a uuid', { anonymousId: 'me', events: [pageview('/')] }],
      ['empty', { anonymousId: id, events: [] }],
      ['too many', { anonymousId: id, events: Array.from({ length: 51 }, () => pageview('/')) }],
      ['another prefix', { anonymousId: id, events: [{ name: 'checkout3step.paid', ageMs: 0 }] }],
      ['capitals', { anonymousId: id, events: [{ name: 'Signup Started', ageMs: 0 }] }],
      ['query string', { anonymousId: id, events: [pageview('/waitlist/confirm?token=secret')] }],
      ['no leading slash', { anonymousId: id, events: [pageview('https://evil.example/')] }],
      ['a day and more old', { anonymousId: id, events: [pageview('/', 86_400_001)] }],
      ['unknown field', { anonymousId: id, events: [{ ...pageview('/'), ip: '1.2.3.4' }] }],
      ['too many properties', { anonymousId: id, events: [{ name: 'clicked', ageMs: 0, properties: Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`p${i}`, i])) }] }],
      ['nested property', { anonymousId: id, events: [{ name: 'clicked', ageMs: 0, properties: { user: { email: 'x' } } }] }],
    ];
    for (const [what, payload] of bad) {
      const response = await send(payload);
      assert.equal(response.statusCode, 400, `${what}: ${response.body}`);
    }
    const email = await send({ anonymousId: id, events: [{ name: 'signup_started', ageMs: 0, properties: { who: 'pastor@grace.example' } }] });
    assert.equal(email.statusCode, 400);
    assert.equal(email.json().detail, 'Analytics events must not carry e-mail addresses.');
    const huge = await send({ anonymousId: id, events: Array.from({ length: 50 }, () => ({ name: 'clicked', ageMs: 0, properties: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`p${i}`, 'x'.repeat(200)])) })) });
    assert.equal(huge.statusCode, 413, 'over the 64 KiB body limit');
    assert.equal((await storedFor(id)).length, 0);
  });

  test(`one client gets ${ANALYTICS_REQUESTS_PER_MINUTE} requests a minute, then 429 with Retry-After; another client is unaffected`, async () => {
    // Stay inside one minute window.
    const second = new Date().getUTCSeconds();
    if (second > 45) await new Promise((resolve) => setTimeout(resolve, (61 - second) * 1000));
    const address = freshIp();
    const id = randomUUID();
    for (let i = 0; i < ANALYTICS_REQUESTS_PER_MINUTE; i += 1) {
      assert.equal((await send({ anonymousId: id, events: [pageview('/')] }, address)).statusCode, 202);
    }
    const limited = await send({ anonymousId: id, events: [pageview('/')] }, address);
    assert.equal(limited.statusCode, 429);
    assert.ok(Number(limited.headers['retry-after']) >= 1);
    assert.equal((await send({ anonymousId: randomUUID(), events: [pageview('/')] }, freshIp())).statusCode, 202);
    assert.equal((await storedFor(id)).length, ANALYTICS_REQUESTS_PER_MINUTE);
    const windows = await app.kit.db.selectFrom('analytics_rate_windows').select('client_hash').execute();
    assert.ok(windows.every((w) => !w.client_hash.includes(address)), 'the address is only kept as a keyed hash');
  });

  test('identify links the browser id to the signed-in user only, and stores no e-mail', async () => {
    const id = randomUUID();
    const identify = (payload: object, headers: Record<string, string> = bearer(staffToken)) => app.inject({ method: 'POST', url: `${API}/analytics/identify`, headers, payload });
    assert.equal((await identify({ anonymousId: id, userId: staffId, email: staffEmail }, {})).statusCode, 401);
    assert.equal((await identify({ anonymousId: id, userId: randomUUID(), email: staffEmail })).statusCode, 403, 'someone else');
    assert.equal((await identify({ anonymousId: id, userId: staffId, email: 'other@lectern.app' })).statusCode, 403, 'another e-mail');
    assert.equal((await identify({ anonymousId: id, userId: staffId, email: staffEmail.toUpperCase() })).statusCode, 204);
    const link = await app.kit.db.selectFrom('analytics_identities').selectAll().where('anonymous_id', '=', id).executeTakeFirstOrThrow();
    assert.deepEqual(Object.keys(link).sort(), ['anonymous_id', 'identified_at', 'user_id']);
    assert.equal(link.user_id, staffId);
  });

  test('retention: events older than 2 years go, younger stay; a link with no event left and older than 2 years goes', async () => {
    const db = app.kit.db;
    const now = new Date('2026-11-24T00:00:00Z');
    const [oldVisitor, youngVisitor] = [randomUUID(), randomUUID()];
    const at = (iso: string) => ({ ageMs: 0, receivedAt: new Date(iso) });
    await insertEvents(db, oldVisitor, [pageview('/')], at('2024-11-23T23:59:00Z').receivedAt);
    await insertEvents(db, youngVisitor, [pageview('/')], at('2024-11-24T00:01:00Z').receivedAt);
    await db.insertInto('analytics_identities').values([
      { anonymous_id: oldVisitor, user_id: staffId, identified_at: new Date('2024-11-20T00:00:00Z') },
      { anonymous_id: youngVisitor, user_id: staffId, identified_at: new Date('2024-11-20T00:00:00Z') },
    ]).execute();
    const deleted = await deleteExpiredAnalytics(db, now);
    assert.ok(deleted.events >= 1);
    assert.equal((await storedFor(oldVisitor)).length, 0, 'older than 2 years: deleted');
    assert.equal((await storedFor(youngVisitor)).length, 1, 'younger than 2 years: kept');
    const links = await db.selectFrom('analytics_identities').select('anonymous_id').where('anonymous_id', 'in', [oldVisitor, youngVisitor]).execute();
    assert.deepEqual(links.map((l) => l.anonymous_id), [youngVisitor], 'the young visitor still has an event, so its link stays');
  });

  test('funnel maths: each step counts visitors who did the step before it first; paid is the identified user\'s organization active in billing', async () => {
    const db = app.kit.db;
    await db.deleteFrom('analytics_events').execute();
    const now = new Date();
    const visit = async (paths: string[]) => {
      const id = randomUUID();
      // Oldest first: the first path happened paths.length minutes ago.
      await insertEvents(db, id, paths.map((path, i) => pageview(path, (paths.length - i) * 60_000)), now);
      return id;
    };
    const paying = await visit(['/', '/pricing', '/signup']);
    const lapsed = await visit(['/', '/pricing', '/signup/step-2']);
    await visit(['/', '/pricing']);
    await visit(['/pricing', '/']); // pricing before landing: landing only
    await visit(['/', '/signup']); // skipped pricing: landing only
    await visit(['/signup']); // never landed: nothing
    const payingUser = await seedUser(app, { role: 'ADMIN', orgId });
    const otherOrg = await seedOrganization(app);
    const lapsedUser = await seedUser(app, { role: 'ADMIN', orgId: otherOrg });
    await db.updateTable('organizations').set({ subscription_status: 'active' }).where('id', '=', orgId).execute();
    await db.updateTable('organizations').set({ subscription_status: 'canceled' }).where('id', '=', otherOrg).execute();
    await db.insertInto('analytics_identities').values([{ anonymous_id: paying, user_id: payingUser.id }, { anonymous_id: lapsed, user_id: lapsedUser.id }]).execute();

    const steps = await funnel(db, new Date(now.getTime() - 86_400_000));
    assert.deepEqual(steps.map((s) => [s.key, s.visitors, s.conversionPct]), [['landing', 5, null], ['pricing', 3, 60], ['signup', 2, 66.7], ['paid', 1, 50]]);
    const later = await funnel(db, new Date(now.getTime() + 60_000));
    assert.deepEqual(later.map((s) => s.visitors), [0, 0, 0, 0], 'the window excludes older visits');
    assert.deepEqual(later.map((s) => s.conversionPct), [null, null, null, null]);
  });

  test('the console funnel is for console staff on a company domain with analytics_enabled', async () => {
    const get = (token?: string) => app.inject({ method: 'GET', url: `${API}/console/analytics/funnel?days=7`, headers: token ? bearer(token) : {} });
    await setFlags(['features_staff_console_enabled', 'rss_migration_enabled', 'analytics_enabled'], true);
    assert.equal((await get()).statusCode, 401);
    assert.equal((await get(adminToken)).statusCode, 403, 'company-domain admin without a staff row');
    const ok = await get(staffToken);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().days, 7);
    assert.deepEqual(ok.json().steps.map((s: { key: string }) => s.key), ['landing', 'pricing', 'signup', 'paid']);
    assert.equal((await app.inject({ method: 'GET', url: `${API}/console/analytics/funnel?days=9999`, headers: bearer(staffToken) })).statusCode, 400);
    await setFlags(['analytics_enabled'], false);
    assert.equal((await get(staffToken)).statusCode, 403);
    await setFlags(['analytics_enabled'], true);
  });
});
