import type { ColumnType, Generated } from 'kysely';

export interface AnalyticsEventTable {
  id: Generated<string>;
  /** the browser's random analytics id (new after every sign-out) */
  anonymous_id: string;
  /** '$pageview', '$autocapture' or a capture event name */
  name: string;
  /** the page path, query and fragment removed */
  path: string | null;
  properties: ColumnType<Record<string, string | number | boolean>, string, string>;
  occurred_at: Date;
  received_at: Generated<Date>;
}

export interface AnalyticsIdentityTable {
  anonymous_id: string;
  user_id: string;
  identified_at: Generated<Date>;
}

export interface AnalyticsRateWindowTable {
  client_hash: string;
  window_start: Date;
  requests: number;
}
