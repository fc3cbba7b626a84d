// The billing service's tables (its Postgres schema `billing`).
import type { CustomersTable, InvoicesTable, OrgBillingStateTable, SignupLeadsTable, WebhookEventsTable } from './billing.tables.ts';
import type { SubscriptionsTable } from './subscriptions.table.ts';

export interface BillingDatabase {
  subscriptions: SubscriptionsTable;
  customers: CustomersTable;
  invoices: InvoicesTable;
  webhook_events: WebhookEventsTable;
  signup_leads: SignupLeadsTable;
  org_billing_state: OrgBillingStateTable;
}
