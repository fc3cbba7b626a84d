// The billing service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'billing';

export const BillingConfigSchema = defineConfig({
  PORT: Type.Integer({ default: 4103, minimum: 0, maximum: 65535 }),
  /** The Stripe stand-in or stripe-mock locally (http://127.0.0.1:…); unset means the real Stripe API. */
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** sk_test_… or sk_live_…; never logged. */
  STRIPE_SECRET_KEY: Type.String({ pattern: '^(sk|rk)_(test|live)_' }),
  /** whsec_…: the signing secret of the webhook endpoint (Stripe dashboard, or the stand-in's). */
  STRIPE_WEBHOOK_SECRET: Type.String({ pattern: '^whsec_', minLength: 12 }),
  /** pk_test_… / pk_live_… handed to the browser for Stripe.js. */
  STRIPE_PUBLISHABLE_KEY: Type.String({ default: 'pk_test_lectern_local', pattern: '^pk_(test|live)_' }),
  /**
   * How the browser pays (ADR 0013): `payment-element` (Stripe.js, production) or `test-card`
   * (a form that confirms through this service with Stripe's test payment methods; refused with
   * a live key).
   */
  PAYMENT_ADAPTER: Type.String({ default: 'payment-element', enum: ['payment-element', 'test-card'] }),
  /** Oldest Stripe-Signature timestamp accepted, seconds (Stripe's default tolerance). */
  STRIPE_WEBHOOK_TOLERANCE_SEC: Type.Integer({ default: 300, minimum: 1, maximum: 3600 }),
  /** How long prepare-subscription waits for identity's lead event to arrive (ms). */
  LEAD_WAIT_MS: Type.Integer({ default: 5000, minimum: 0 }),
});

export type BillingConfig = Static<typeof BillingConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  const config = loadConfig(BillingConfigSchema, env);
  if (config.PAYMENT_ADAPTER === 'test-card' && /_live_/.test(config.STRIPE_SECRET_KEY)) {
    throw new Error('Invalid configuration: PAYMENT_ADAPTER=test-card cannot be used with a live STRIPE_SECRET_KEY');
  }
  return config;
}
