import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Stripe's subscriptions as last fetched (webhooks are triggers; Stripe is the source of truth). */
export interface SubscriptionsTable {
  id: Generated<string>;
  org_id: string;
  price_id: string;
  status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_end: Date | null;
  /** sorted recurring + one-time price ids this subscription was created for (reuse on retry) */
  price_set: string | null;
  product_code: string | null;
  cancel_at_period_end: Generated<boolean>;
  trial_end: Date | null;
  /** ticket of the Stripe fetch that wrote this row (bigint as text; a later ticket wins) */
  fetch_ticket: Generated<string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SubscriptionsRow = Selectable<SubscriptionsTable>;
export type NewSubscriptions = Insertable<SubscriptionsTable>;
export type SubscriptionsUpdate = Updateable<SubscriptionsTable>;
