// The billing service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { defineConfig, loadConfig } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';

export const SERVICE = 'billing';

export const BillingConfigSchema = defineConfig({
  PORT: Type.Integer({ default: 4103, minimum: 0, maximum: 65535 }),
  /** stripe-mock locally (http://127.0.0.1:12111); unset means the real Stripe API. */
  STRIPE_API_BASE: Type.Optional(Type.String({ pattern: '^https?://' })),
  /** sk_test_… or sk_live_…; never logged. */
  STRIPE_SECRET_KEY: Type.Optional(Type.String({ pattern: '^(sk|rk)_(test|live)_' })),
});

export type BillingConfig = Static<typeof BillingConfigSchema>;

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadBillingConfig(env: Record<string, string | undefined> = process.env): BillingConfig {
  return loadConfig(BillingConfigSchema, env);
}
