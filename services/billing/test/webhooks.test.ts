// The Stripe webhook route: signature on the raw body (tampered, wrong secret, stale → 400 and no
// effect), one effect per event id, triggers that refetch (so order does not matter), unknown
// types ignored, and 5xx when Stripe cannot be asked (so Stripe delivers again).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import { sql } from 'kysely';
import { patience } from '@lectern/service-kit/testing';
import type Stripe from 'stripe';
import type { BillingApp } from '../src/app.ts';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStripeClient } from '../src/stripe/stripe.client.ts';
import { applySubscription, fetchSubscription, takeFetchTicket } from '../src/subscriptions/subscription.sync.ts';
import { buildTestApp, signedEvent, stripeEvent, TEST_SECRET_KEY } from './helper.ts';

describe('POST /api/billing/webhooks/stripe', () => {
  let app: BillingApp;
  let stripe: Stripe;
  let standInBase: string;
  const url = '/api/billing/webhooks/stripe';

  beforeAll(async () => {
    const built = await buildTestApp();
    app = built.app as BillingApp;
    standInBase = built.standIn.baseUrl;
    await app.ready();
    stripe = createStripeClient({ STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_API_BASE: standInBase });
  });
  afterAll(async () => {
  await app?.close();
});

  /** A customer and an incomplete subscription of a new organization, made on the stand-in. */
  async function newSubscription(): Promise<{ orgId: string; sub: Stripe.Subscription }> {
    const orgId = randomUUID();
    const prices = await app.billing.catalogue.all();
    const customer = await stripe.customers.create({ email: `${orgId}@example.org`, metadata: { orgId } });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: prices.get('PREMIUM_MONTHLY')!.price_id }],
      payment_behavior: 'default_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
      metadata: { orgId },
    });
    return { orgId, sub };
  }

  const post = (payload: string, headers: Record<string, string>) => app.inject({ method: 'POST', url, payload, headers });
  const effects = async (orgId: string) => ({
    subscriptions: await app.kit.db.selectFrom('subscriptions').select(['status', 'product_code']).where('org_id', '=', orgId).execute(),
    events: (await app.kit.db.selectFrom('outbox').select(['type', 'envelope']).where('key', '=', orgId).execute()).length,
  });
  const recorded = async (eventId: string) => (await app.kit.db.selectFrom('webhook_events').select('event_id').where('event_id', '=', eventId).execute()).length;

  test('a valid signature applies the event: the subscription is refetched and published', async () => {
    const { orgId, sub } = await newSubscription();
    const event = stripeEvent('customer.subscription.created', { id: sub.id, object: 'subscription' });
    const { payload, headers } = signedEvent(event);
    const res = await post(payload, headers);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { received: true, outcome: 'applied' });
    const after = await effects(orgId);
    assert.deepEqual(after.subscriptions, [{ status: 'incomplete', product_code: 'PREMIUM_MONTHLY' }]);
    assert.equal(after.events, 1);
    const outbox = await app.kit.db.selectFrom('outbox').select('envelope').where('key', '=', orgId).executeTakeFirstOrThrow();
    const published = (typeof outbox.envelope === 'string' ? JSON.parse(outbox.envelope) : outbox.envelope) as { type: string; data: Record<string, unknown> };
    assert.equal(published.type, 'billing.subscription.changed.v1');
    assert.equal(published.data.plan, 'premium');
    assert.equal(published.data.version, 1);
  });

  test('one byte changed, a wrong secret, a timestamp older than 300 s, no header → 400 and no effect', async () => {
    const { orgId, sub } = await newSubscription();
    const event = stripeEvent('customer.subscription.updated', { id: sub.id, object: 'subscription' });
    const good = signedEvent(event);
    const tampered = good.payload.replace('"livemode":false', '"livemode":falsE');
    assert.notEqual(tampered, good.payload);
    const cases: [string, string, Record<string, string>][] = [
      ['one byte changed', tampered, good.headers],
      ['wrong secret', good.payload, signedEvent(event, { secret: 'whsec_someone_else_entirely' }).headers],
      ['timestamp 301 s old', good.payload, signedEvent(event, { timestamp: Math.floor(Date.now() / 1000) - 301 }).headers],
      ['no signature', good.payload, { 'content-type': 'application/json' }],
    ];
    for (const [name, payload, headers] of cases) {
      const res = await post(payload, headers);
      assert.equal(res.statusCode, 400, `${name}: ${res.body}`);
      assert.equal(res.headers['content-type'], 'application/problem+json; charset=utf-8', name);
    }
    assert.equal(await recorded(event.id), 0);
    assert.deepEqual(await effects(orgId), { subscriptions: [], events: 0 });
    // the untouched delivery still works afterwards
    assert.equal((await post(good.payload, good.headers)).statusCode, 200);
    assert.equal((await effects(orgId)).subscriptions.length, 1);
  });

  test('the same event delivered twice (also at once) has one effect', async () => {
    const { orgId, sub } = await newSubscription();
    const invoiceId = typeof sub.latest_invoice === 'string' ? sub.latest_invoice : sub.latest_invoice!.id;
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await stripe.paymentIntents.confirm(secret.split('_secret_')[0]!, { payment_method: 'pm_card_visa' });
    const event = stripeEvent('invoice.paid', { id: invoiceId, object: 'invoice' });
    const { payload, headers } = signedEvent(event);
    const outcomes = await Promise.all([post(payload, headers), post(payload, headers)]);
    const third = await post(payload, headers);
    assert.deepEqual([...outcomes, third].map((r) => r.statusCode), [200, 200, 200]);
    assert.deepEqual([...outcomes.map((r) => r.json().outcome)].sort(), ['applied', 'duplicate']);
    assert.equal(third.json().outcome, 'duplicate');
    assert.equal(await recorded(event.id), 1);
    const paid = await app.kit.db.selectFrom('outbox').select('type').where('key', '=', orgId).where('type', '=', 'billing.invoice.paid.v1').execute();
    assert.equal(paid.length, 1);
    const invoices = await app.kit.db.selectFrom('invoices').select(['status', sql<number>`amount_paid::int`.as('amount')]).where('org_id', '=', orgId).execute();
    assert.deepEqual(invoices, [{ status: 'paid', amount: 49_700 }]);
  });

  test('subscription.updated (stale payload) before checkout.session.completed ends in Stripe\'s current state', async () => {
    const { orgId, sub } = await newSubscription();
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await stripe.paymentIntents.confirm(secret.split('_secret_')[0]!, { payment_method: 'pm_card_visa' });
    // Delivered late and out of order: the older "updated" payload still says incomplete.
    const updated = stripeEvent('customer.subscription.updated', { id: sub.id, object: 'subscription', status: 'incomplete' });
    const completed = stripeEvent('checkout.session.completed', { id: 'cs_test_1', object: 'checkout.session', subscription: sub.id, customer: sub.customer });
    for (const event of [updated, completed]) {
      const { payload, headers } = signedEvent(event);
      assert.equal((await post(payload, headers)).statusCode, 200);
    }
    const after = await effects(orgId);
    assert.deepEqual(after.subscriptions, [{ status: 'active', product_code: 'PREMIUM_MONTHLY' }]);
    // the second trigger found nothing new to publish
    assert.equal(after.events, 1);
    const state = await app.kit.db.selectFrom('org_billing_state').select(['version', 'fingerprint']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(state.fingerprint).status, 'active');
  });

  test('a fetch that began earlier but is applied later does not overwrite a newer one (fetch tickets)', async () => {
    const { orgId, sub } = await newSubscription();
    const secret = (sub.latest_invoice as Stripe.Invoice).confirmation_secret!.client_secret;
    await stripe.paymentIntents.confirm(secret.split('_secret_')[0]!, { payment_method: 'pm_card_visa' });
    const older = await fetchSubscription(app.billing, sub.id, await takeFetchTicket(app.kit.db));
    await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
    const newer = await fetchSubscription(app.billing, sub.id, await takeFetchTicket(app.kit.db));
    assert.equal(older.subscription.cancel_at_period_end, false);
    assert.equal(newer.subscription.cancel_at_period_end, true);
    await app.kit.db.transaction().execute((trx) => applySubscription(trx, newer));
    await app.kit.db.transaction().execute((trx) => applySubscription(trx, older));
    const row = await app.kit.db.selectFrom('subscriptions').select(['status', 'cancel_at_period_end']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.deepEqual(row, { status: 'active', cancel_at_period_end: true });
    const state = await app.kit.db.selectFrom('org_billing_state').select(['version', 'fingerprint']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.equal(JSON.parse(state.fingerprint).cancelAtPeriodEnd, true);
    assert.equal(state.version, 1, 'the stale fetch published nothing');
  });

  test('no database connection is held while Stripe answers (pool of one, Stripe held open)', async () => {
    const { orgId, sub } = await newSubscription();
    // A proxy in front of the stand-in that holds GET /v1/subscriptions/… until released.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const reachedStripe = new Promise<void>((resolve) => (held = resolve));
    const proxy = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        if (req.method === 'GET' && req.url?.startsWith('/v1/subscriptions/')) {
          held();
          await released;
        }
        const upstream = await fetch(`${standInBase}${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, ...(chunks.length ? { body: Buffer.concat(chunks) } : {}) });
        res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const slow = await buildTestApp({ STRIPE_API_BASE: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`, DATABASE_SCHEMA: app.kit.schema, DATABASE_POOL_MAX: '1' });
    try {
      await slow.app.ready();
      await slow.app.billing.catalogue.all();
      const event = stripeEvent('customer.subscription.updated', { id: sub.id, object: 'subscription' });
      const { payload, headers } = signedEvent(event);
      const delivery = slow.app.inject({ method: 'POST', url, payload, headers });
      await reachedStripe;
      // While Stripe holds the refetch, the only connection is free for anyone else.
      const free = await Promise.race([
        slow.app.kit.db.selectFrom('webhook_events').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), patience(3000))),
      ]);
      release();
      const res = await delivery;
      assert.equal(free, true, 'a query waited for the Stripe call: the webhook held the connection');
      assert.equal(res.json().outcome, 'applied', res.body);
      assert.equal((await effects(orgId)).subscriptions.length, 1);
    } finally {
      release();
      await slow.app.close();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test('an unknown event type is answered 200 and ignored', async () => {
    const event = stripeEvent('radar.early_fraud_warning.created', { id: 'issfr_1', object: 'radar.early_fraud_warning' });
    const { payload, headers } = signedEvent(event);
    const res = await post(payload, headers);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().outcome, 'ignored');
    assert.equal(await recorded(event.id), 0);
  });

  test('Stripe unreachable → 5xx and nothing recorded, so the redelivery applies it', async () => {
    const { orgId, sub } = await newSubscription();
    const offline = await buildTestApp({ STRIPE_API_BASE: 'http://127.0.0.1:9', DATABASE_SCHEMA: (app.kit.schema) });
    try {
      await offline.app.ready();
      const event = stripeEvent('customer.subscription.updated', { id: sub.id, object: 'subscription' });
      const { payload, headers } = signedEvent(event);
      const failed = await offline.app.inject({ method: 'POST', url, payload, headers });
      assert.ok(failed.statusCode >= 500, `${failed.statusCode} ${failed.body}`);
      assert.doesNotMatch(failed.body, /127\.0\.0\.1|ECONNREFUSED/);
      assert.equal(await recorded(event.id), 0);
      const retried = await post(payload, headers);
      assert.equal(retried.json().outcome, 'applied');
      assert.equal((await effects(orgId)).subscriptions.length, 1);
    } finally {
      await offline.app.close();
    }
  });
});
