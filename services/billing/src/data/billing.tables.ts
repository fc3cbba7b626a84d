import type { Generated } from 'kysely';

/** One Stripe customer per organization (created before payment; metadata orgId). */
export interface CustomersTable {
  org_id: string;
  stripe_customer_id: string;
  email: string;
  created_at: Generated<Date>;
}

export interface InvoicesTable {
  stripe_invoice_id: string;
  org_id: string;
  stripe_subscription_id: string | null;
  status: string;
  amount_paid: number;
  currency: string;
  paid_at: Date | null;
  /** ticket of the Stripe fetch that wrote this row (bigint as text; a later ticket wins) */
  fetch_ticket: Generated<string>;
  updated_at: Generated<Date>;
}

/** Stripe event ids whose effect is recorded (same transaction as the effect). */
export interface WebhookEventsTable {
  event_id: string;
  type: string;
  received_at: Generated<Date>;
}

/** identity.lead.initiated.v1, kept so only an organization in signup can prepare a subscription. */
export interface SignupLeadsTable {
  lead_id: string;
  org_id: string;
  email: string;
  created_at: Generated<Date>;
}

/** Per-organization state version carried by billing.subscription.changed.v1. */
export interface OrgBillingStateTable {
  org_id: string;
  version: number;
  fingerprint: string;
}
