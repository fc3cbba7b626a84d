// Paid signup on identity's side: billing's subscription events (through Kafka) kept on the
// organization (in order by version, once per event), the ADMIN created only after payment with
// the step-1 password, the lead converted, and the Organization settings data per role.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it, beforeAll, afterAll } from '@jest/globals';
import { createEvent, serializeEnvelope, topicFor } from '@lectern/events';
import type { Producer } from 'kafkajs';
import { API, bearer, buildTestApp, outboxEvents, PASSWORD, seedOrganization, seedUser, signIn, solvedCaptcha } from './helper.ts';

describe('paid signup and the subscription projection', () => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let producer: Producer;

  beforeAll(async () => {
    built = await buildTestApp();
    await built.app.ready();
    await built.app.kit.whenStarted();
    producer = built.app.kit.kafka.producer();
    await producer.connect();
  });
  afterAll(async () => {
    await producer?.disconnect();
    await built?.app.close();
  });

  const db = () => built.app.kit.db;
  async function publishBilling(orgId: string, version: number, status: string, id: string = randomUUID()): Promise<string> {
    const event = createEvent('billing.subscription.changed.v1', {
      id,
      orgId,
      subject: orgId,
      data: { organizationId: orgId, subscriptionId: 'sub_1', customerId: 'cus_1', status, priceId: 'price_premium_year', productCode: 'PREMIUM_YEARLY', plan: 'premium', interval: 'year', cancelAtPeriodEnd: false, trialEndsAt: null, renewalAt: '2027-11-23T00:00:00.000Z', version },
    });
    await producer.send({ topic: `${built.env.KAFKA_TOPIC_PREFIX}${topicFor('billing')}`, messages: [{ key: orgId, value: serializeEnvelope(event) }] });
    return id;
  }
  async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const value = await read();
      if (ok(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const orgRow = (orgId: string) => db().selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirstOrThrow();

  it('step 1 → payment pending (no user) → billing reports it paid → the ADMIN exists, the lead is converted, the e-mail is asked for', async () => {
    const email = `ruth@grace-${randomUUID().slice(0, 6)}.org`;
    const step1 = await built.app.inject({
      method: 'POST',
      url: `${API}/signup`,
      payload: { mode: 'create', firstName: 'Ruth', lastName: 'Reed', email, password: PASSWORD, organizationName: `Grace ${randomUUID().slice(0, 6)}`, plan: 'premium', interval: 'annual', captcha: await solvedCaptcha(built.app) },
    });
    assert.equal(step1.statusCode, 201, step1.body);
    const { organizationId, checkoutToken } = step1.json();
    const complete = (token = checkoutToken, org = organizationId) => built.app.inject({ method: 'POST', url: `${API}/signup/complete`, payload: { organizationId: org, checkoutToken: token } });

    const early = await complete();
    assert.equal(early.statusCode, 409);
    assert.equal(early.json().reason, 'payment_pending');
    const wrong = await complete('x'.repeat(43));
    assert.equal(wrong.statusCode, 404);
    assert.equal(wrong.json().detail, 'A session error occurred. Please contact support.');
    assert.equal((await complete(checkoutToken, randomUUID())).statusCode, 404);
    assert.equal((await db().selectFrom('users').select('id').where('email', '=', email).execute()).length, 0);

    // incomplete (declined card) is not paid either
    await publishBilling(organizationId, 1, 'incomplete');
    await until(() => orgRow(organizationId), (o) => o.billing_version === 1, 'version 1');
    assert.equal((await complete()).statusCode, 409);

    await publishBilling(organizationId, 2, 'active');
    const org = await until(() => orgRow(organizationId), (o) => o.subscription_status === 'active', 'active');
    assert.equal(org.current_price_id, 'price_premium_year');
    assert.equal(org.plan_id, 'premium');
    assert.equal(org.billing_interval, 'annual');
    assert.equal(org.subscription_renewal_at?.toISOString(), '2027-11-23T00:00:00.000Z');

    const done = await complete();
    assert.equal(done.statusCode, 201, done.body);
    const user = await db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    assert.equal(user.role, 'ADMIN');
    assert.equal(user.org_id, organizationId);
    assert.equal(user.email_verified_at, null);
    const lead = await db().selectFrom('leads').selectAll().where('org_id', '=', organizationId).executeTakeFirstOrThrow();
    assert.equal(lead.status, 'converted');
    assert.ok(lead.converted_at);
    assert.equal(lead.password_hash, null);
    const registered = (await outboxEvents(built.app, 'identity.user.registered.v1')).filter((e) => e.subject === user.id);
    assert.equal(registered.length, 1);
    assert.equal(registered[0]!.data.role, 'ADMIN');
    assert.equal((await complete()).statusCode, 404, 'a second completion finds no open checkout');
    // the step-1 password is the account's password (signing in still needs the confirmed e-mail)
    assert.ok(await built.app.identity.hasher.verify(user.password_hash!, PASSWORD));
  });

  it('an older or repeated billing event changes nothing', async () => {
    const orgId = await seedOrganization(built.app);
    const id = await publishBilling(orgId, 3, 'active');
    await until(() => orgRow(orgId), (o) => o.billing_version === 3, 'version 3');
    await publishBilling(orgId, 2, 'incomplete');
    await publishBilling(orgId, 3, 'canceled', id); // same event id redelivered with other content
    const marker = await publishBilling(randomUUID(), 1, 'active'); // an event after them, to know they were read
    await until(async () => (await db().selectFrom('processed_events').select('event_id').where('event_id', '=', marker).execute()).length, (n) => n === 1, 'marker');
    const org = await orgRow(orgId);
    assert.equal(org.subscription_status, 'active');
    assert.equal(org.billing_version, 3);
  });

  it('GET /organization/billing: every role but MEMBER, own organization only', async () => {
    const orgA = await seedOrganization(built.app, 'Alpha Billing');
    const orgB = await seedOrganization(built.app, 'Beta Billing');
    await publishBilling(orgA, 1, 'trialing');
    await until(() => orgRow(orgA), (o) => o.billing_version === 1, 'org A');
    const tokenOf = async (role: 'ADMIN' | 'PASTOR' | 'STAFF' | 'MEMBER' | 'VOLUNTEER', orgId: string) => {
      const user = await seedUser(built.app, { role, orgId });
      return (await signIn(built.app, user.email, user.password)).json().accessToken as string;
    };
    const get = (token?: string) => built.app.inject({ url: `${API}/organization/billing`, headers: token ? bearer(token) : {} });
    assert.equal((await get()).statusCode, 401);
    assert.equal((await get(await tokenOf('MEMBER', orgA))).statusCode, 403);
    for (const role of ['ADMIN', 'PASTOR', 'STAFF', 'VOLUNTEER'] as const) {
      const res = await get(await tokenOf(role, orgA));
      assert.equal(res.statusCode, 200, `${role}: ${res.body}`);
      assert.equal(res.json().id, orgA);
      assert.equal(res.json().subscriptionStatus, 'trialing');
    }
    const other = await get(await tokenOf('ADMIN', orgB));
    assert.equal(other.json().id, orgB);
    assert.equal(other.json().subscriptionStatus, null);
    assert.equal(other.json().seatsTotal, 4);
  });
});
