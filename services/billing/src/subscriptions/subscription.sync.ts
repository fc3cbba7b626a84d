// Webhooks are triggers, Stripe is the truth: every change refetches the subscription (or invoice)
// under a per-subscription lock, stores it, and publishes the organization's effective
// subscription when it differs from what was last published (version + 1). A redelivered,
// duplicated or reordered trigger therefore converges on Stripe's current state.
import { appendEvent } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import { CATALOGUE } from '../catalogue/product-codes.ts';
import type { BillingContext, BillingTrx } from '../context.ts';
import { orgOfCustomer } from '../checkout/customer.repository.ts';

/** Statuses that hold the organization's plan (the rest are attempts or history). */
const HOLDING = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

const toDate = (unix: number | null | undefined): Date | null => (unix ? new Date(unix * 1000) : null);
const idOf = (ref: string | { id: string } | null | undefined): string | null => (ref == null ? null : typeof ref === 'string' ? ref : ref.id);

async function lock(trx: BillingTrx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** Refetches one subscription and records it; returns the organization it belongs to (or null: not ours). */
export async function syncSubscription(ctx: BillingContext, trx: BillingTrx, subscriptionId: string): Promise<string | null> {
  await lock(trx, `subscription:${subscriptionId}`);
  const sub = await ctx.stripe.subscriptions.retrieve(subscriptionId);
  const customerId = idOf(sub.customer)!;
  const orgId = sub.metadata?.orgId || (await orgOfCustomer(trx, customerId));
  if (!orgId) return null;
  const item = sub.items.data.find((i) => i.price.recurring) ?? sub.items.data[0];
  const priceId = item?.price.id ?? '';
  const code = item ? await ctx.catalogue.codeOf(priceId) : undefined;
  const values = {
    org_id: orgId,
    price_id: priceId,
    status: sub.status,
    stripe_customer_id: customerId,
    current_period_end: toDate(item?.current_period_end),
    product_code: code ?? null,
    cancel_at_period_end: sub.cancel_at_period_end,
    trial_end: toDate(sub.trial_end),
    updated_at: new Date(),
  };
  await trx
    .insertInto('subscriptions')
    .values({ ...values, stripe_subscription_id: sub.id })
    .onConflict((oc) => oc.column('stripe_subscription_id').doUpdateSet(values))
    .execute();
  await publishOrganizationState(trx, orgId, customerId);
  return orgId;
}

/** Refetches an invoice: records it, and announces a first payment; then syncs its subscription. */
export async function syncInvoice(ctx: BillingContext, trx: BillingTrx, invoiceId: string): Promise<void> {
  await lock(trx, `invoice:${invoiceId}`);
  const invoice = await ctx.stripe.invoices.retrieve(invoiceId);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const customerId = idOf(invoice.customer);
  const orgId = invoice.parent?.subscription_details?.metadata?.orgId || (customerId ? await orgOfCustomer(trx, customerId) : null);
  if (orgId) {
    const before = await trx.selectFrom('invoices').select('status').where('stripe_invoice_id', '=', invoice.id).executeTakeFirst();
    const paidAt = toDate(invoice.status_transitions?.paid_at);
    const values = { org_id: orgId, stripe_subscription_id: subscriptionId, status: invoice.status ?? 'draft', amount_paid: invoice.amount_paid, currency: invoice.currency, paid_at: paidAt, updated_at: new Date() };
    await trx.insertInto('invoices').values({ ...values, stripe_invoice_id: invoice.id }).onConflict((oc) => oc.column('stripe_invoice_id').doUpdateSet(values)).execute();
    if (invoice.status === 'paid' && before?.status !== 'paid') {
      await appendEvent(trx, createEvent('billing.invoice.paid.v1', {
        orgId,
        subject: orgId,
        data: { organizationId: orgId, invoiceId: invoice.id, subscriptionId, amountPaidCents: invoice.amount_paid, currency: invoice.currency },
      }));
    }
  }
  if (subscriptionId) await syncSubscription(ctx, trx, subscriptionId);
}

/** The organization's effective subscription: one that holds a plan, else the newest attempt. */
async function publishOrganizationState(trx: BillingTrx, orgId: string, customerId: string): Promise<void> {
  await lock(trx, `org:${orgId}`);
  const rows = await trx.selectFrom('subscriptions').selectAll().where('org_id', '=', orgId).orderBy('updated_at', 'desc').execute();
  const effective = rows.find((r) => HOLDING.includes(r.status)) ?? rows[0];
  if (!effective?.stripe_subscription_id) return;
  const entry = effective.product_code ? CATALOGUE[effective.product_code as keyof typeof CATALOGUE] : undefined;
  const state = {
    organizationId: orgId,
    subscriptionId: effective.stripe_subscription_id,
    customerId: effective.stripe_customer_id ?? customerId,
    status: effective.status,
    priceId: effective.price_id || null,
    productCode: effective.product_code,
    plan: entry?.plan ?? null,
    interval: entry?.interval ?? null,
    cancelAtPeriodEnd: effective.cancel_at_period_end,
    trialEndsAt: effective.trial_end?.toISOString() ?? null,
    renewalAt: effective.current_period_end?.toISOString() ?? null,
  };
  const fingerprint = JSON.stringify(state);
  const current = await trx.selectFrom('org_billing_state').select(['version', 'fingerprint']).where('org_id', '=', orgId).executeTakeFirst();
  if (current?.fingerprint === fingerprint) return;
  const version = (current?.version ?? 0) + 1;
  await trx
    .insertInto('org_billing_state')
    .values({ org_id: orgId, version, fingerprint })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ version, fingerprint }))
    .execute();
  await appendEvent(trx, createEvent('billing.subscription.changed.v1', { orgId, subject: orgId, data: { ...state, version } }));
}

export type { Stripe };
