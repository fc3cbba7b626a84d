import type { Generated, Insertable, Selectable } from 'kysely';

export type SuppressionReason = 'bounce' | 'dropped' | 'spamreport' | 'unsubscribe';

/** Addresses an organization's later sends skip (bounces, spam reports). */
export interface SuppressionsTable {
  org_id: string;
  /** lower-cased */
  email: string;
  reason: SuppressionReason;
  detail: string | null;
  created_at: Generated<Date>;
}

/** Provider webhook events already applied (SendGrid's sg_event_id): a redelivered batch changes nothing. */
export interface ProviderEventsTable {
  event_id: string;
  integration_id: string;
  type: string;
  received_at: Generated<Date>;
}

/** Token buckets per sender ('platform' or 'integration:<id>'), shared by every comms instance. */
export interface SendRateBucketsTable {
  sender: string;
  tokens: number;
  refilled_at: Generated<Date>;
}

export type SuppressionRow = Selectable<SuppressionsTable>;
export type NewSuppression = Insertable<SuppressionsTable>;
