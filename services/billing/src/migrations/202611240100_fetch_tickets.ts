// Stripe is asked outside any transaction (ADR 0026): each fetch takes a ticket from this sequence
// first, and a subscription or invoice row remembers the ticket of the fetch that wrote it, so an
// older fetch that finishes later cannot overwrite a newer one.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence stripe_fetch_tickets`.execute(db);
  await db.schema.alterTable('subscriptions').addColumn('fetch_ticket', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('invoices').addColumn('fetch_ticket', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invoices').dropColumn('fetch_ticket').execute();
  await db.schema.alterTable('subscriptions').dropColumn('fetch_ticket').execute();
  await sql`drop sequence stripe_fetch_tickets`.execute(db);
}
