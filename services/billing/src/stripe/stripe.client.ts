// The one Stripe client: the API version pinned (the SDK's types describe exactly this version),
// pointed at STRIPE_API_BASE when set (the local stand-in or stripe-mock), else at api.stripe.com.
import Stripe from 'stripe';
import type { BillingConfig } from '../config.ts';

/** Pinned: upgrading Stripe's API version is a deliberate change of this line and the SDK. */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

export function createStripeClient(config: Pick<BillingConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: 2,
    timeout: 15_000,
    telemetry: false,
    appInfo: { name: 'Lectern billing' },
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

export type { Stripe };
