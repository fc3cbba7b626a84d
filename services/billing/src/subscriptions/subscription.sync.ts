// Webhooks are triggers, Stripe is the truth: every change refetches the subscription (or invoice),
// stores it, and publishes the organization's effective subscription when it differs from what was
// last published (version + 1). No database connection is held while Stripe answers (ADR 0026):
//
//   1. take a fetch ticket (a Postgres sequence: one global order across instances),
//   2. ask Stripe (no connection held),
//   3. one short transaction applies what was fetched, unless a fetch with a later ticket already
//      wrote that object.
//
// Convergence: the last change of an object happens before Stripe sends its event; the ticket of
// that event's fetch is taken after receipt, so that fetch, and every fetch with a later ticket,
// sees the final state, and no fetch with an earlier ticket can overwrite it. A paid invoice stays
// paid (Stripe's paid is final), so "paid" is announced once.
import { appendEvent } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import { sql } from 'kysely';
import type Stripe from 'stripe';
import { CATALOGUE } from '../catalogue/product-codes.ts';
import type { ProductCode } from '../catalogue/product-codes.ts';
import type { BillingContext, BillingDb, BillingTrx } from '../context.ts';
import { orgOfCustomer } from '../checkout/customer.repository.ts';

/** Statuses that hold the organization's plan (the rest are attempts or history). */
const HOLDING = ['active', 'trialing', 'past_due', 'unpaid', 'paused'];

const toDate = (unix: number | null | undefined): Date | null => (unix ? new Date(unix * 1000) : null);
const idOf = (ref: string | { id: string } | null | undefined): string | null => (ref == null ? null : typeof ref === 'string' ? ref : ref.id);

async function lock(trx: BillingTrx, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** A fetch ticket: taken before asking Stripe; a later ticket saw Stripe no earlier than this one's event. */
export async function takeFetchTicket(db: BillingDb | BillingTrx): Promise<bigint> {
  const { rows } = await sql<{ ticket: string }>`select nextval('stripe_fetch_tickets') as ticket`.execute(db);
  return BigInt(rows[0]!.ticket);
}

export interface FetchedSubscription {
  ticket: bigint;
  subscription: Stripe.Subscription;
  productCode: ProductCode | null;
}

export interface FetchedInvoice {
  ticket: bigint;
  invoice: Stripe.Invoice;
  /** the invoice's subscription, fetched with it */
  subscription: FetchedSubscription | null;
}

/** Asks Stripe for a subscription (and names its price); holds no connection. */
export async function fetchSubscription(ctx: BillingContext, subscriptionId: string, ticket: bigint): Promise<FetchedSubscription> {
  const subscription = await ctx.stripe.subscriptions.retrieve(subscriptionId);
  const item = subscription.items.data.find((i) => i.price.recurring) ?? subscription.items.data[0];
  const productCode = item ? ((await ctx.catalogue.codeOf(item.price.id)) ?? null) : null;
  return { ticket, subscription, productCode };
}

/** Asks Stripe for an invoice and its subscription; holds no connection. */
export async function fetchInvoice(ctx: BillingContext, invoiceId: string, ticket: bigint): Promise<FetchedInvoice> {
  const invoice = await ctx.stripe.invoices.retrieve(invoiceId);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  return { ticket, invoice, subscription: subscriptionId ? await fetchSubscription(ctx, subscriptionId, ticket) : null };
}

/** Records a fetched subscription unless a later fetch already did; returns its organization (null: not ours). */
export async function applySubscription(trx: BillingTrx, fetched: FetchedSubscription): Promise<string | null> {
  const sub = fetched.subscription;
  await lock(trx, `subscription:${sub.id}`);
  const customerId = idOf(sub.customer)!;
  const orgId = sub.metadata?.orgId || (await orgOfCustomer(trx, customerId));
  if (!orgId) return null;
  const stored = await trx.selectFrom('subscriptions').select('fetch_ticket').where('stripe_subscription_id', '=', sub.id).executeTakeFirst();
  if (stored && BigInt(stored.fetch_ticket) > fetched.ticket) return orgId;
  const item = sub.items.data.find((i) => i.price.recurring) ?? sub.items.data[0];
  const values = {
    org_id: orgId,
    price_id: item?.price.id ?? '',
    status: sub.status,
    stripe_customer_id: customerId,
    current_period_end: toDate(item?.current_period_end),
    product_code: fetched.productCode,
    cancel_at_period_end: sub.cancel_at_period_end,
    trial_end: toDate(sub.trial_end),
    fetch_ticket: String(fetched.ticket),
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

/** Records a fetched invoice (announcing a first payment once), then its subscription. */
export async function applyInvoice(trx: BillingTrx, fetched: FetchedInvoice): Promise<void> {
  const { invoice } = fetched;
  await lock(trx, `invoice:${invoice.id}`);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const customerId = idOf(invoice.customer);
  const orgId = invoice.parent?.subscription_details?.metadata?.orgId || (customerId ? await orgOfCustomer(trx, customerId) : null);
  if (orgId) {
    const stored = await trx.selectFrom('invoices').select(['status', 'fetch_ticket']).where('stripe_invoice_id', '=', invoice.id).executeTakeFirst();
    const stale = stored !== undefined && (stored.status === 'paid' || BigInt(stored.fetch_ticket) > fetched.ticket);
    if (!stale) {
      const paidAt = toDate(invoice.status_transitions?.paid_at);
      const values = { org_id: orgId, stripe_subscription_id: subscriptionId, status: invoice.status ?? 'draft', amount_paid: invoice.amount_paid, currency: invoice.currency, paid_at: paidAt, fetch_ticket: String(fetched.ticket), updated_at: new Date() };
      await trx.insertInto('invoices').values({ ...values, stripe_invoice_id: invoice.id }).onConflict((oc) => oc.column('stripe_invoice_id').doUpdateSet(values)).execute();
      if (invoice.status === 'paid') {
        await appendEvent(trx, createEvent('billing.invoice.paid.v1', {
          orgId,
          subject: orgId,
          data: { organizationId: orgId, invoiceId: invoice.id, subscriptionId, amountPaidCents: invoice.amount_paid, currency: invoice.currency },
        }));
      }
    }
  }
  if (fetched.subscription) await applySubscription(trx, fetched.subscription);
}

/** Ticket → Stripe → one short transaction (`also` runs in it after the subscription is recorded). */
export async function refreshSubscription(ctx: BillingContext, subscriptionId: string, also?: (trx: BillingTrx) => Promise<void>): Promise<string | null> {
  const fetched = await fetchSubscription(ctx, subscriptionId, await takeFetchTicket(ctx.db));
  return ctx.db.transaction().execute(async (trx) => {
    const orgId = await applySubscription(trx, fetched);
    await also?.(trx);
    return orgId;
  });
}

export async function refreshInvoice(ctx: BillingContext, invoiceId: string): Promise<void> {
  const fetched = await fetchInvoice(ctx, invoiceId, await takeFetchTicket(ctx.db));
  await ctx.db.transaction().execute((trx) => applyInvoice(trx, fetched));
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
