import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface OrganizationTable {
  id: Generated<string>;
  name: string;
  /** unique; derived from the name at creation */
  subdomain: string | null;
  /** the creator's e-mail domain unless exempt (company or public mailbox domain) */
  domain: string | null;
  plan_id: string | null;
  /** the price label the spec stores on the organization, e.g. '$397/month' */
  plan_label: string | null;
  billing_interval: Generated<string>;
  active_seat_count: Generated<number>;
  created_by: string | null;
  /** kept from billing.subscription.changed.v1 (billing/subscription-projection.consumer.ts) */
  current_price_id: Generated<string | null>;
  subscription_status: Generated<string | null>;
  cancel_at_period_end: Generated<boolean>;
  trial_ends_at: Generated<Date | null>;
  subscription_renewal_at: Generated<Date | null>;
  billing_version: Generated<number>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type Organization = Selectable<OrganizationTable>;
export type NewOrganization = Insertable<OrganizationTable>;
export type OrganizationUpdate = Updateable<OrganizationTable>;
