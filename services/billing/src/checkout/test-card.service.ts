// The local payment adapter (ADR 0013): where Stripe.js cannot load, the browser's test card form
// sends the client secret and one of Stripe's test payment methods here, and the service confirms
// the invoice's PaymentIntent server-side — the same confirmation Stripe.js would make. Only with
// PAYMENT_ADAPTER=test-card, which config refuses alongside a live key.
import { timingSafeEqual } from 'node:crypto';
import { AppError, ErrorCode } from '@lectern/service-kit';
import Stripe from 'stripe';
import type { BillingContext } from '../context.ts';
import { refreshInvoice, refreshSubscription } from '../subscriptions/subscription.sync.ts';
import { CHECKOUT_MESSAGES } from './checkout.messages.ts';

export const TEST_PAYMENT_METHODS = ['pm_card_visa', 'pm_card_chargeDeclined', 'pm_card_visa_chargeDeclinedInsufficientFunds'] as const;
export type TestPaymentMethod = (typeof TEST_PAYMENT_METHODS)[number];

export interface TestPaymentInput {
  subscriptionId: string;
  clientSecret: string;
  paymentMethod: TestPaymentMethod;
  billingDetails: { name: string; email: string; phone?: string | null };
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function payWithTestCard(ctx: BillingContext, input: TestPaymentInput): Promise<{ status: string; subscriptionId: string }> {
  if (ctx.config.PAYMENT_ADAPTER !== 'test-card') throw new AppError(ErrorCode.NOT_FOUND, { detail: CHECKOUT_MESSAGES.testCardOnly, extensions: { reason: 'adapter_disabled' } });
  const known = await ctx.db.selectFrom('subscriptions').select('org_id').where('stripe_subscription_id', '=', input.subscriptionId).executeTakeFirst();
  const notFound = () => new AppError(ErrorCode.NOT_FOUND, { detail: CHECKOUT_MESSAGES.paymentSetupFailed, extensions: { reason: 'unknown_payment' } });
  if (!known) throw notFound();
  const sub = await ctx.stripe.subscriptions.retrieve(input.subscriptionId, { expand: ['latest_invoice.confirmation_secret'] });
  const invoice = sub.latest_invoice as Stripe.Invoice | null;
  const secret = invoice?.confirmation_secret?.client_secret;
  // The client secret is what authorises paying, as with Stripe.js.
  if (!secret || !same(secret, input.clientSecret)) throw notFound();
  const paymentIntentId = secret.split('_secret_')[0]!;
  try {
    await ctx.stripe.paymentIntents.confirm(paymentIntentId, {
      payment_method: input.paymentMethod,
      receipt_email: input.billingDetails.email,
    }, { idempotencyKey: `lectern-confirm-${paymentIntentId}-${input.paymentMethod}-${Date.now() >> 12}` });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      await refreshSubscription(ctx, input.subscriptionId);
      throw new AppError(ErrorCode.BAD_REQUEST, { detail: error.message || CHECKOUT_MESSAGES.paymentFailed, extensions: { reason: 'card_declined', declineCode: error.decline_code ?? null } });
    }
    throw error;
  }
  // Webhooks will say the same; recording it now lets the browser go on without waiting for them.
  await refreshInvoice(ctx, invoice!.id);
  const after = await ctx.db.selectFrom('subscriptions').select('status').where('stripe_subscription_id', '=', input.subscriptionId).executeTakeFirstOrThrow();
  return { status: after.status, subscriptionId: input.subscriptionId };
}
