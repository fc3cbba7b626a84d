// prepare-subscription (spec 001 §7): for an organization in signup (identity's lead), ensure its
// Stripe customer, then create — or, on a retry after a declined card, reuse — an incomplete
// subscription whose first invoice the browser pays with the returned client secret.
import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppError, ErrorCode } from '@lectern/service-kit';
import type Stripe from 'stripe';
import { CATALOGUE, type ProductCode } from '../catalogue/product-codes.ts';
import type { BillingContext } from '../context.ts';
import { refreshSubscription } from '../subscriptions/subscription.sync.ts';
import { CHECKOUT_MESSAGES } from './checkout.messages.ts';
import { customerOfOrg, saveCustomer } from './customer.repository.ts';

export interface PrepareInput {
  organizationId: string;
  email: string;
  priceId?: string | null;
  recurringPriceIds?: string[] | null;
  invoiceItemPriceIds?: string[] | null;
}

export interface PreparedSubscription {
  clientSecret: string;
  subscriptionId: string;
  amountDue: number;
  currency: string;
}

const HOLDING = ['active', 'trialing', 'past_due'];
const checkoutError = (code: ErrorCode, reason: string, detail: string) => new AppError(code, { detail, extensions: { reason } });

export async function prepareSubscription(ctx: BillingContext, input: PrepareInput): Promise<PreparedSubscription> {
  const recurring = input.priceId ? [input.priceId] : (input.recurringPriceIds ?? []);
  const oneTime = input.invoiceItemPriceIds ?? [];
  if (recurring.length !== 1) throw checkoutError(ErrorCode.VALIDATION_FAILED, 'invalid_prices', CHECKOUT_MESSAGES.cannotPrepare);
  const codes = await pricesOf(ctx, recurring, oneTime);
  const email = input.email.trim().toLowerCase();
  if (!(await waitForLead(ctx, input.organizationId, email))) throw checkoutError(ErrorCode.NOT_FOUND, 'no_signup', CHECKOUT_MESSAGES.missingOrganization);

  const existing = await ctx.db.selectFrom('subscriptions').select(['stripe_subscription_id', 'status', 'price_set']).where('org_id', '=', input.organizationId).execute();
  if (existing.some((s) => HOLDING.includes(s.status))) throw checkoutError(ErrorCode.CONFLICT, 'already_subscribed', CHECKOUT_MESSAGES.alreadySubscribed);
  const priceSet = [...recurring, ...oneTime.map((p) => `+${p}`)].sort().join(',');

  const customerId = await ensureCustomer(ctx, input.organizationId, email);
  const reusable = existing.find((s) => s.status === 'incomplete' && s.price_set === priceSet && s.stripe_subscription_id);
  let sub: Stripe.Subscription;
  if (reusable) {
    sub = await ctx.stripe.subscriptions.retrieve(reusable.stripe_subscription_id!, { expand: ['latest_invoice.confirmation_secret'] });
  } else {
    // Deterministic: the same organization, prices and attempt number is the same Stripe request.
    const attempt = existing.length + 1;
    const key = `lectern-subscription-${input.organizationId}-${createHash('sha256').update(priceSet).digest('hex').slice(0, 16)}-${attempt}`;
    sub = await ctx.stripe.subscriptions.create(
      {
        customer: customerId,
        items: recurring.map((price) => ({ price })),
        ...(oneTime.length > 0 ? { add_invoice_items: oneTime.map((price) => ({ price })) } : {}),
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        expand: ['latest_invoice.confirmation_secret'],
        metadata: { orgId: input.organizationId, productCodes: codes.join(',') },
      },
      { idempotencyKey: key },
    );
  }
  await refreshSubscription(ctx, sub.id, async (trx) => {
    await trx.updateTable('subscriptions').set({ price_set: priceSet }).where('stripe_subscription_id', '=', sub.id).execute();
  });
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!invoice || !clientSecret) throw checkoutError(ErrorCode.DEPENDENCY_UNAVAILABLE, 'no_client_secret', CHECKOUT_MESSAGES.cannotPrepare);
  return { clientSecret, subscriptionId: sub.id, amountDue: invoice.amount_due, currency: invoice.currency };
}

async function pricesOf(ctx: BillingContext, recurring: string[], oneTime: string[]): Promise<ProductCode[]> {
  const codes: ProductCode[] = [];
  for (const [priceId, wantRecurring] of [...recurring.map((p) => [p, true] as const), ...oneTime.map((p) => [p, false] as const)]) {
    const code = await ctx.catalogue.codeOf(priceId);
    if (!code || (CATALOGUE[code].interval !== null) !== wantRecurring) throw checkoutError(ErrorCode.VALIDATION_FAILED, 'unknown_price', CHECKOUT_MESSAGES.unknownPrice);
    codes.push(code);
  }
  return codes;
}

/** identity's lead event may still be on its way when the browser asks right after step 1. */
async function waitForLead(ctx: BillingContext, orgId: string, email: string): Promise<boolean> {
  const deadline = Date.now() + ctx.config.LEAD_WAIT_MS;
  for (;;) {
    const lead = await ctx.db.selectFrom('signup_leads').select('lead_id').where('org_id', '=', orgId).where((eb) => eb.fn('lower', ['email']), '=', email).executeTakeFirst();
    if (lead) return true;
    if (Date.now() >= deadline) return false;
    await sleep(100);
  }
}

async function ensureCustomer(ctx: BillingContext, orgId: string, email: string): Promise<string> {
  const known = await customerOfOrg(ctx.db, orgId);
  if (known) return known;
  const customer = await ctx.stripe.customers.create({ email, metadata: { orgId } }, { idempotencyKey: `lectern-customer-${orgId}` });
  await saveCustomer(ctx.db, orgId, customer.id, email);
  return (await customerOfOrg(ctx.db, orgId)) ?? customer.id;
}
