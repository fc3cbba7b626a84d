// Events published by the billing service (topic `billing.events`). `subject` is the organization
// id, so one organization's changes stay in order on one partition.
import { Type } from 'typebox';

const Uuid = Type.String({ format: 'uuid' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const NullableDateTime = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const billingEvents = {
  /**
   * The organization's effective subscription changed (as Stripe reports it after a refetch).
   * `version` grows with every change billing records: a consumer keeps the highest it has seen
   * and ignores older ones, so redelivered or reordered events converge.
   */
  'billing.subscription.changed.v1': Type.Object({
    organizationId: Uuid,
    subscriptionId: Type.String({ minLength: 1 }),
    customerId: Type.String({ minLength: 1 }),
    /** Stripe status: incomplete, incomplete_expired, trialing, active, past_due, canceled, unpaid, paused */
    status: Type.String({ minLength: 1 }),
    priceId: NullableString,
    /** PREMIUM_MONTHLY … COTR_SPECIAL_YEARLY, when the price is one of the catalogue's */
    productCode: NullableString,
    /** standard | premium, from the product code */
    plan: NullableString,
    interval: NullableString,
    cancelAtPeriodEnd: Type.Boolean(),
    trialEndsAt: NullableDateTime,
    renewalAt: NullableDateTime,
    version: Type.Integer({ minimum: 1 }),
  }),
  /** An invoice was paid (KPIs, receipts). */
  'billing.invoice.paid.v1': Type.Object({
    organizationId: Uuid,
    invoiceId: Type.String({ minLength: 1 }),
    subscriptionId: NullableString,
    amountPaidCents: Type.Integer({ minimum: 0 }),
    currency: Type.String({ minLength: 3 }),
  }),
} as const;
