// `npm start` keeps the Stripe stand-in's objects across restarts (.lectern/stripe-standin.json):
// the databases there keep the ids it handed out, so a restarted stand-in must still know them.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { createStripeStandIn, STANDIN_API_VERSION, type StripeStandIn } from '../src/stripe-standin/stripe-standin.ts';
import { keepStateIn } from '../src/stripe-standin/state-file.ts';

const client = (standIn: StripeStandIn) => {
  const base = new URL(standIn.baseUrl);
  return new Stripe('sk_test_state', { apiVersion: STANDIN_API_VERSION as Stripe.LatestApiVersion, host: base.hostname, port: Number(base.port), protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
};

test('a restarted stand-in with the state file knows the prices, customers and subscriptions it handed out', async () => {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-standin-')), 'nested', 'stripe-standin.json');
  const first = createStripeStandIn();
  const firstFile = keepStateIn(first, file, 60_000);
  await first.start();
  const stripe = client(first);
  const product = await stripe.products.create({ name: 'Standard' });
  const price = await stripe.prices.create({ product: product.id, currency: 'usd', unit_amount: 29_700, lookup_key: 'SEED_MONTHLY', recurring: { interval: 'month' } }, { idempotencyKey: 'price-SEED_MONTHLY' });
  const customer = await stripe.customers.create({ email: 'admin@grace.example' });
  const subscription = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], trial_period_days: 14 });
  firstFile.close();
  await first.stop();
  assert.ok(fs.existsSync(file));

  const second = createStripeStandIn();
  const secondFile = keepStateIn(second, file, 60_000);
  await second.start();
  try {
    const again = client(second);
    const listed = await again.prices.list({ lookup_keys: ['SEED_MONTHLY'], active: true });
    assert.deepEqual(listed.data.map((p) => p.id), [price.id]);
    assert.equal((await again.customers.retrieve(customer.id) as Stripe.Customer).email, 'admin@grace.example');
    assert.equal((await again.subscriptions.retrieve(subscription.id)).status, 'trialing');
    // The same idempotency key answers with the same price, as Stripe does.
    const replayed = await again.prices.create({ product: product.id, currency: 'usd', unit_amount: 29_700, lookup_key: 'SEED_MONTHLY', recurring: { interval: 'month' } }, { idempotencyKey: 'price-SEED_MONTHLY' });
    assert.equal(replayed.id, price.id);
    // New objects get new ids, never one handed out before the restart.
    assert.notEqual((await again.customers.create({ email: 'pastor@grace.example' })).id, customer.id);
  } finally {
    secondFile.close();
    await second.stop();
  }
  // Without the file, a stand-in starts empty (tests and the e2e stack keep their own).
  const fresh = createStripeStandIn();
  await fresh.start();
  try {
    assert.deepEqual((await client(fresh).prices.list({ lookup_keys: ['SEED_MONTHLY'] })).data, []);
  } finally {
    await fresh.stop();
  }
});
