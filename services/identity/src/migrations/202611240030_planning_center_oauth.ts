// Planning Center connected with OAuth 2 (ADR 0024): an integration holds either an API key or
// the OAuth tokens (both sealed with the kit's secret box), and the authorization in flight is a
// row: the state (hashed) bound to the user and organization that started it, the PKCE verifier
// (sealed) and the From Email, single use, 10 minutes.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('integration_configs')
    .addColumn('auth_kind', 'text', (c) => c.notNull().defaultTo('apiKey').check(sql`auth_kind in ('apiKey', 'oauth')`))
    .addColumn('oauth_tokens_sealed', 'text')
    .addColumn('oauth_expires_at', 'timestamptz')
    .execute();
  await sql`alter table integration_configs alter column api_key_sealed drop not null`.execute(db);
  await sql`alter table integration_configs add constraint integration_configs_credentials check ((auth_kind = 'apiKey' and api_key_sealed is not null) or (auth_kind = 'oauth' and oauth_tokens_sealed is not null and oauth_expires_at is not null))`.execute(db);
  await db.schema
    .createTable('oauth_authorizations')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('integration_type', 'text', (c) => c.notNull().check(sql`integration_type in ('planningCenter')`))
    .addColumn('code_verifier_sealed', 'text', (c) => c.notNull())
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('oauth_authorizations').execute();
  await sql`alter table integration_configs drop constraint integration_configs_credentials`.execute(db);
  await db.schema.alterTable('integration_configs').dropColumn('auth_kind').dropColumn('oauth_tokens_sealed').dropColumn('oauth_expires_at').execute();
}
