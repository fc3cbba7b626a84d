// Stripe webhooks: the signature is checked on the raw body (tolerance 300 s); the event id is
// recorded in the same transaction as its effect, so a second delivery changes nothing; the
// effect is a refetch (subscription.sync.ts), so order does not matter. Stripe is asked before
// that transaction and without holding a connection (ADR 0026). Any failure rolls back and the
// route answers 5xx: Stripe delivers again.
import { AppError, ErrorCode } from '@lectern/service-kit';
import type Stripe from 'stripe';
import type { BillingContext } from '../context.ts';
import { sql } from 'kysely';
import { applyInvoice, applySubscription, fetchInvoice, fetchSubscription } from '../subscriptions/subscription.sync.ts';

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

const idOf = (ref: unknown): string | null => (typeof ref === 'string' ? ref : ref && typeof ref === 'object' && 'id' in ref ? String((ref as { id: unknown }).id) : null);

/** What an event triggers, or null for types billing does not act on. */
function triggerOf(event: Stripe.Event): { kind: 'subscription' | 'invoice'; id: string } | null | 'nothing' {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return { kind: 'subscription', id: String(object.id) };
  if (event.type.startsWith('invoice.')) return { kind: 'invoice', id: String(object.id) };
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const sub = idOf(object.subscription);
    return sub ? { kind: 'subscription', id: sub } : 'nothing';
  }
  return null;
}

export function verifyStripeEvent(ctx: BillingContext, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!signature) throw new AppError(ErrorCode.BAD_REQUEST, { detail: 'Missing Stripe-Signature header.', extensions: { reason: 'missing_signature' } });
  try {
    return ctx.stripe.webhooks.constructEvent(rawBody, signature, ctx.config.STRIPE_WEBHOOK_SECRET, ctx.config.STRIPE_WEBHOOK_TOLERANCE_SEC);
  } catch (error) {
    throw new AppError(ErrorCode.BAD_REQUEST, { detail: 'Webhook signature verification failed.', extensions: { reason: 'invalid_signature' }, cause: error });
  }
}

export async function handleStripeEvent(ctx: BillingContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const trigger = triggerOf(event);
  if (trigger === null) return 'ignored';
  // One statement: a redelivery of a recorded event stops here; otherwise the fetch ticket.
  const { rows } = await sql<{ seen: boolean; ticket: string }>`
    select exists (select 1 from webhook_events where event_id = ${event.id}) as seen, nextval('stripe_fetch_tickets') as ticket`.execute(ctx.db);
  if (rows[0]!.seen) return 'duplicate';
  const ticket = BigInt(rows[0]!.ticket);
  const fetched =
    trigger === 'nothing' ? null
    : trigger.kind === 'subscription' ? { subscription: await fetchSubscription(ctx, trigger.id, ticket) }
    : { invoice: await fetchInvoice(ctx, trigger.id, ticket) };
  return ctx.db.transaction().execute(async (trx) => {
    const fresh = await trx.insertInto('webhook_events').values({ event_id: event.id, type: event.type }).onConflict((oc) => oc.doNothing()).returning('event_id').executeTakeFirst();
    if (!fresh) return 'duplicate';
    if (fetched?.subscription) await applySubscription(trx, fetched.subscription);
    if (fetched?.invoice) await applyInvoice(trx, fetched.invoice);
    return 'applied';
  });
}
