// `npm start` gives the demo church a paid plan, so Settings → Organization shows one (not the spec's
// no-subscription fallback). It goes the way paid signup goes, on the same Stripe (the stand-in
// locally): identity's demo seeding records the church as a signup lead (services/identity
// organizations/demo-accounts.ts), billing prepares the subscription, its first invoice is paid
// with Stripe's test card through billing's local payment adapter, Stripe's signed webhooks and
// billing's refetch record it, and identity's projection of billing's event puts the plan on the
// organization. Only with the test-card adapter (a test-mode Stripe); idempotent across starts.
import { setTimeout as sleep } from 'node:timers/promises';
import { call, signInAs } from './demo-api.ts';

/** Lectern Standard, monthly: the plan identity's demo lead names (DEMO_PLAN). */
export const DEMO_PRODUCT_CODE = 'SEED_MONTHLY';

/** Statuses that hold a plan (billing's subscription.sync HOLDING). */
const HOLDING = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

export interface DemoSubscriptionOptions {
  origin: string;
  /** the demo church's ADMIN: the e-mail its signup lead carries */
  email: string;
  password: string;
  log: (line: string) => void;
  /** How long to wait for the lead, the payment and identity's projection. */
  timeoutMs?: number;
}

interface OrganizationBilling {
  id: string;
  name: string;
  planId: string | null;
  subscriptionStatus: string | null;
}

/** An answer's status and JSON body, without throwing on 4xx (the lead may still be on its way). */
async function answer<T>(origin: string, url: string, body: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * Makes sure the demo church holds the demo plan. Resolves with the subscription status identity
 * shows ('active' normally), or null when it was left for the next start; never throws.
 */
export async function ensureDemoSubscription(options: DemoSubscriptionOptions): Promise<string | null> {
  const { origin, email, log } = options;
  const deadline = Date.now() + (options.timeoutMs ?? 2 * 60_000);
  try {
    const token = await signInAs(origin, email, options.password);
    const billing = () => call<OrganizationBilling>(origin, 'GET', '/api/identity/organization/billing', token);
    const org = await billing();
    if (org.subscriptionStatus && HOLDING.includes(org.subscriptionStatus)) {
      log(`demo church '${org.name}' holds its plan (${org.planId ?? 'unknown plan'}, ${org.subscriptionStatus})`);
      return org.subscriptionStatus;
    }
    const { adapter } = await call<{ adapter: string }>(origin, 'GET', '/api/billing/billing-publishable-key', null);
    if (adapter !== 'test-card') {
      log(`demo church has no plan; billing takes real payments here (adapter ${adapter}), so none is bought for it`);
      return null;
    }
    const { results } = await call<{ results: Record<string, { price_id: string }> }>(origin, 'POST', '/api/billing/resolve-price', null, { product_codes: [DEMO_PRODUCT_CODE] });
    const priceId = results[DEMO_PRODUCT_CODE]!.price_id;

    // Identity's lead event reaches billing through Kafka; until it has, billing answers 404.
    let prepared: { clientSecret: string; subscriptionId: string } | null = null;
    while (!prepared) {
      const reply = await answer<{ clientSecret: string; subscriptionId: string; detail?: string }>(origin, '/api/billing/prepare-subscription', { organizationId: org.id, email, priceId });
      if (reply.status === 200) prepared = reply.body;
      else if (reply.status === 409) break; // billing already holds a paid subscription: identity has yet to hear of it
      else if (reply.status !== 404 || Date.now() > deadline) throw new Error(`prepare-subscription answered ${reply.status}: ${reply.body?.detail ?? ''}`);
      else await sleep(1000);
    }
    if (prepared) {
      await call(origin, 'POST', '/api/billing/checkout/test-payment', null, {
        subscriptionId: prepared.subscriptionId,
        clientSecret: prepared.clientSecret,
        paymentMethod: 'pm_card_visa',
        billingDetails: { name: org.name, email },
      });
    }
    for (;;) {
      const now = await billing();
      if (now.subscriptionStatus && HOLDING.includes(now.subscriptionStatus)) {
        log(`demo church '${now.name}' subscribed to ${now.planId ?? 'its plan'} monthly through billing (Stripe test card): ${now.subscriptionStatus}`);
        return now.subscriptionStatus;
      }
      if (Date.now() > deadline) throw new Error(`identity still shows the subscription as ${now.subscriptionStatus ?? 'none'}`);
      await sleep(500);
    }
  } catch (error) {
    log(`demo church subscription left for the next start: ${(error as Error).message}`);
    return null;
  }
}
