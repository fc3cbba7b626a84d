// The organization's subscription as billing publishes it (billing.subscription.changed.v1), and
// what finishing a paid signup needs from step 1: the chosen password's hash and the checkout
// token the browser holds (both hashed; cleared once the lead converts).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('current_price_id', 'text')
    .addColumn('subscription_status', 'text')
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('subscription_renewal_at', 'timestamptz')
    .addColumn('billing_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('leads').addColumn('password_hash', 'text').addColumn('checkout_token_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('leads').dropColumn('password_hash').dropColumn('checkout_token_hash').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('current_price_id')
    .dropColumn('subscription_status')
    .dropColumn('cancel_at_period_end')
    .dropColumn('trial_ends_at')
    .dropColumn('subscription_renewal_at')
    .dropColumn('billing_version')
    .execute();
}
