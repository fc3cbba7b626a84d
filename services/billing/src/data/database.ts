// The billing service's tables (its Postgres schema `billing`).
import type { SubscriptionsTable } from './subscriptions.table.ts';

export interface BillingDatabase {
  subscriptions: SubscriptionsTable;
}
