// Checkout end to end on the Stripe stand-in: prices, prepare-subscription (signup and offer),
// a declined test card then a retry, webhook deliveries converging, KPIs per role; then every
// request the stand-in served is replayed against stripe-mock, which checks Stripe's real shapes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import { createSigningKey, serveJwks, signAccessToken, type JwksServer, type SigningKey } from '@lectern/service-kit/testing';
import { createStripeStandIn, type StripeStandIn } from '@lectern/local-stack/stripe-standin';
import type { BillingApp } from '../src/app.ts';
import { buildTestApp, TEST_WEBHOOK_SECRET } from './helper.ts';

describe('checkout on the Stripe stand-in', () => {
  let app: BillingApp;
  let standIn: StripeStandIn;
  let key: SigningKey;
  let jwks: JwksServer;
  const origin = 'http://localhost:8080';
  const api = '/api/billing';

  beforeAll(async () => {
    standIn = createStripeStandIn();
    await standIn.start();
    key = await createSigningKey('EdDSA');
    jwks = await serveJwks([key]);
    const built = await buildTestApp({ IDENTITY_JWKS_URL: jwks.url, PUBLIC_ORIGIN: origin }, standIn);
    app = built.app as BillingApp;
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    standIn.addWebhookEndpoint(`${address}${api}/webhooks/stripe`, TEST_WEBHOOK_SECRET);
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.stop();
    await jwks?.close();
  });

  async function leadFor(email: string): Promise<string> {
    const orgId = randomUUID();
    await app.kit.db.insertInto('signup_leads').values({ lead_id: randomUUID(), org_id: orgId, email }).execute();
    return orgId;
  }
  const postJson = (url: string, payload: unknown) => app.inject({ method: 'POST', url: `${api}${url}`, payload: payload as object });
  const prices = async () => (await postJson('/resolve-price', { product_codes: ['PREMIUM_MONTHLY', 'PREMIUM_YEARLY', 'SEED_MONTHLY', 'SEED_YEARLY', 'COTR_SPECIAL_YEARLY', 'COTR_WHITE_GLOVE_MIGRATION'] })).json().results;

  test('resolve-price returns the six codes in cents with their interval', async () => {
    const results = await prices();
    assert.deepEqual(
      Object.fromEntries(Object.entries(results).map(([code, p]) => [code, [(p as { unit_amount_cents: number }).unit_amount_cents, (p as { interval: string }).interval]])),
      { PREMIUM_MONTHLY: [49_700, 'month'], PREMIUM_YEARLY: [356_400, 'year'], SEED_MONTHLY: [29_700, 'month'], SEED_YEARLY: [118_800, 'year'], COTR_SPECIAL_YEARLY: [356_400, 'year'], COTR_WHITE_GLOVE_MIGRATION: [100_000, null] },
    );
    assert.equal(results.SEED_YEARLY.metadata.Interval, 'yearly');
    const bad = await postJson('/resolve-price', { product_codes: ['FREE_FOREVER'] });
    assert.equal(bad.statusCode, 400);
  });

  test('publishable key and adapter', async () => {
    const res = await app.inject({ url: `${api}/billing-publishable-key` });
    assert.deepEqual(res.json(), { publishableKey: 'pk_test_lectern_local', adapter: 'test-card' });
  });

  test('signup: no lead → refused; declined card → the provider message, nothing paid; retry pays the same subscription', async () => {
    const { PREMIUM_MONTHLY, COTR_WHITE_GLOVE_MIGRATION } = await prices();
    const stranger = await postJson('/prepare-subscription', { organizationId: randomUUID(), email: 'nobody@example.org', priceId: PREMIUM_MONTHLY.price_id });
    assert.equal(stranger.statusCode, 404);
    assert.equal(stranger.json().detail, 'Missing organization context. Please restart signup.');

    const email = `pastor-${randomUUID().slice(0, 8)}@church.example`;
    const orgId = await leadFor(email);
    const oneTimeAsPlan = await postJson('/prepare-subscription', { organizationId: orgId, email, priceId: COTR_WHITE_GLOVE_MIGRATION.price_id });
    assert.equal(oneTimeAsPlan.statusCode, 400);

    const prepared = await postJson('/prepare-subscription', { organizationId: orgId, email: email.toUpperCase(), priceId: PREMIUM_MONTHLY.price_id });
    assert.equal(prepared.statusCode, 200, prepared.body);
    const { clientSecret, subscriptionId, amountDue, currency } = prepared.json();
    assert.match(clientSecret, /^pi_\w+_secret_\w+$/);
    assert.deepEqual([amountDue, currency], [49_700, 'usd']);
    const customer = await app.kit.db.selectFrom('customers').selectAll().where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.match(customer.stripe_customer_id, /^cus_/);

    const billingDetails = { name: 'Ruth Pastor', email };
    const wrongSecret = await postJson('/checkout/test-payment', { subscriptionId, clientSecret: `${clientSecret}x`, paymentMethod: 'pm_card_visa', billingDetails });
    assert.equal(wrongSecret.statusCode, 404);

    const declined = await postJson('/checkout/test-payment', { subscriptionId, clientSecret, paymentMethod: 'pm_card_chargeDeclined', billingDetails });
    assert.equal(declined.statusCode, 400);
    assert.equal(declined.json().detail, 'Your card was declined.');
    assert.equal(declined.json().reason, 'card_declined');
    const afterDecline = await app.kit.db.selectFrom('subscriptions').select('status').where('org_id', '=', orgId).execute();
    assert.deepEqual(afterDecline, [{ status: 'incomplete' }]);

    const again = await postJson('/prepare-subscription', { organizationId: orgId, email, priceId: PREMIUM_MONTHLY.price_id });
    assert.equal(again.json().subscriptionId, subscriptionId, 'a retry reuses the incomplete subscription');
    const paid = await postJson('/checkout/test-payment', { subscriptionId, clientSecret: again.json().clientSecret, paymentMethod: 'pm_card_visa', billingDetails });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal(paid.json().status, 'active');

    const twice = await postJson('/prepare-subscription', { organizationId: orgId, email, priceId: PREMIUM_MONTHLY.price_id });
    assert.equal(twice.statusCode, 409);
  });

  test('special offer: the annual plan plus the one-time migration fee on the first invoice ($4,564)', async () => {
    const { COTR_SPECIAL_YEARLY, COTR_WHITE_GLOVE_MIGRATION } = await prices();
    const email = `offer-${randomUUID().slice(0, 8)}@cotr.example`;
    const orgId = await leadFor(email);
    const prepared = await postJson('/prepare-subscription', { organizationId: orgId, email, recurringPriceIds: [COTR_SPECIAL_YEARLY.price_id], invoiceItemPriceIds: [COTR_WHITE_GLOVE_MIGRATION.price_id] });
    assert.equal(prepared.statusCode, 200, prepared.body);
    assert.equal(prepared.json().amountDue, 456_400);
    const paid = await postJson('/checkout/test-payment', { subscriptionId: prepared.json().subscriptionId, clientSecret: prepared.json().clientSecret, paymentMethod: 'pm_card_visa', billingDetails: { name: 'Offer Admin', email } });
    assert.equal(paid.json().status, 'active');
    const invoice = await app.kit.db.selectFrom('invoices').select(['status', 'amount_paid']).where('org_id', '=', orgId).executeTakeFirstOrThrow();
    assert.deepEqual([invoice.status, Number(invoice.amount_paid)], ['paid', 456_400]);
  });

  test('webhook deliveries from the stand-in are all accepted and change nothing already recorded', async () => {
    await standIn.waitForDeliveries(20_000);
    const failed = standIn.deliveries.filter((d) => d.status !== 200);
    assert.deepEqual(failed, []);
    assert.ok(standIn.deliveries.length > 10);
  });

  test('the clock renews a period: the renewal invoice is charged and recorded through webhooks', async () => {
    const before = await app.kit.db.selectFrom('invoices').select('stripe_invoice_id').where('status', '=', 'paid').execute();
    standIn.advanceClock(31 * 86_400);
    await standIn.waitForDeliveries(20_000);
    const after = await app.kit.db.selectFrom('invoices').select('stripe_invoice_id').where('status', '=', 'paid').execute();
    assert.equal(after.length, before.length + 1, 'the monthly plan renewed once; the yearly one did not');
    standIn.advanceClock(-31 * 86_400);
  });

  test('KPIs: company staff only; figures from the recorded subscriptions and invoices', async () => {
    const token = (claims: { role: 'ADMIN' | 'MEMBER'; staff: boolean }) =>
      signAccessToken(key, { sub: randomUUID(), org: randomUUID(), email: 'someone@lectern.app', ...claims }, { issuer: `${origin}/api/identity`, audience: 'lectern-api' });
    const get = async (auth?: string) => app.inject({ url: `${api}/kpis`, headers: auth ? { authorization: `Bearer ${auth}` } : {} });
    assert.equal((await get()).statusCode, 401);
    assert.equal((await get(await token({ role: 'ADMIN', staff: false }))).statusCode, 403);
    assert.equal((await get(await token({ role: 'MEMBER', staff: false }))).statusCode, 403);
    const res = await get(await token({ role: 'MEMBER', staff: true }));
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { payingCustomers: 2, revenueCents: 49_700 * 2 + 456_400, currency: 'usd' });
  });

  test('test-card payments are refused when the deployment uses the Payment Element', async () => {
    const other = await buildTestApp({ PAYMENT_ADAPTER: 'payment-element' }, standIn);
    try {
      const res = await other.app.inject({ method: 'POST', url: `${api}/checkout/test-payment`, payload: { subscriptionId: 'sub_x', clientSecret: 'pi_x_secret_y', paymentMethod: 'pm_card_visa', billingDetails: { name: 'A', email: 'a@b.co' } } });
      assert.equal(res.statusCode, 404);
    } finally {
      await other.app.close();
    }
  });

  ((!process.env.STRIPE_API_BASE && 'stripe-mock not running (STRIPE_API_BASE unset)') ? test.skip : test)('every request made to the stand-in has a shape stripe-mock (Stripe\'s OpenAPI) accepts', async () => {
    const mock = process.env.STRIPE_API_BASE!;
    const seen = new Set<string>();
    for (const request of standIn.requests) {
      const shape = `${request.method} ${request.path.replace(/\/(cus|sub|pi|in|price|prod)_\w+/g, '/$1_ID')} ${[...new URLSearchParams(request.method === 'GET' ? request.query : request.body).keys()].sort().join('&')}`;
      if (seen.has(shape)) continue;
      seen.add(shape);
      const target = `${mock}${request.path}${request.query ? `?${request.query}` : ''}`;
      const res = await fetch(target, {
        method: request.method,
        headers: { authorization: 'Bearer sk_test_123', 'stripe-version': '2026-10-28.endive', ...(request.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        ...(request.method === 'POST' ? { body: request.body } : {}),
      });
      const text = await res.text();
      assert.ok(res.status < 400, `stripe-mock refused ${shape}: ${res.status} ${text.slice(0, 300)}`);
    }
    assert.ok(seen.size >= 8, `only ${seen.size} request shapes replayed`);
  });
});
