// Stripe: customers per organization, subscription details, paid invoices, webhook event ids
// (idempotency), signup leads from identity, and the per-organization state version.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .addColumn('price_set', 'text')
    .addColumn('product_code', 'text')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_end', 'timestamptz')
    .execute();
  await db.schema
    .createTable('customers')
    .addColumn('org_id', 'uuid', (c) => c.primaryKey())
    .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('invoices')
    .addColumn('stripe_invoice_id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('stripe_subscription_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('amount_paid', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index invoices_org on invoices (org_id)`.execute(db);
  await db.schema
    .createTable('webhook_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('signup_leads')
    .addColumn('lead_id', 'uuid', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index signup_leads_org on signup_leads (org_id, lower(email))`.execute(db);
  await db.schema
    .createTable('org_billing_state')
    .addColumn('org_id', 'uuid', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['org_billing_state', 'signup_leads', 'webhook_events', 'invoices', 'customers']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('subscriptions').dropColumn('price_set').dropColumn('product_code').dropColumn('cancel_at_period_end').dropColumn('trial_end').execute();
}
