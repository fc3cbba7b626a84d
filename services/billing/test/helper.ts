// Builds the billing app for `inject`, against real Postgres and Kafka, in a fresh schema and
// topic prefix so test runs never share data, and against a fresh Stripe stand-in.
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { createStripeStandIn, type StripeStandIn } from '@lectern/local-stack/stripe-standin';
import Stripe from 'stripe';
import { buildApp } from '../src/app.ts';
import { loadBillingConfig } from '../src/config.ts';

export const TEST_WEBHOOK_SECRET = 'whsec_billing_tests_0123456789abcdef';
export const TEST_SECRET_KEY = 'sk_test_billing_tests';

/** Stripe-test-mode-like environment: the stand-in as STRIPE_API_BASE, the test-card adapter. */
export async function stripeEnv(standIn: StripeStandIn, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    STRIPE_API_BASE: standIn.baseUrl,
    STRIPE_SECRET_KEY: TEST_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    PAYMENT_ADAPTER: 'test-card',
    LEAD_WAIT_MS: '3000',
    ...extra,
  };
}

export async function buildTestApp(extraEnv: Record<string, string> = {}, standIn?: StripeStandIn) {
  const stripe = standIn ?? createStripeStandIn();
  if (!standIn) await stripe.start();
  const env = await isolatedServiceEnv('billing', { ...(await stripeEnv(stripe)), ...extraEnv });
  const app = await buildApp(loadBillingConfig(env), { prettyLogs: false });
  if (!standIn) app.addHook('onClose', () => stripe.stop());
  return { app, env, standIn: stripe };
}

/** A signed webhook request as Stripe sends it. */
export function signedEvent(event: unknown, options: { secret?: string; timestamp?: number } = {}): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event);
  const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? TEST_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });
  return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header } };
}

export function stripeEvent(type: string, object: Record<string, unknown>, id = `evt_test_${Math.random().toString(36).slice(2)}`) {
  return { id, object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), type, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } };
}
