// Everything sign-in and signup need beyond the initial tables: organization details, custom
// roles, staff users, invites, e-mail verification and refresh tokens, leads, feature flags,
// and the stores behind the captcha (single use) and the sign-in throttle.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export const FLAG_SEED: readonly { key: string; enabled: boolean; description: string }[] = [
  { key: 'signup_enabled', enabled: true, description: 'Signup pages and the Create new account / Get Started buttons' },
  { key: 'offers_cotr_enabled', enabled: false, description: 'Special offer pages' },
  { key: 'rss_migration_enabled', enabled: false, description: 'Console RSS migration' },
  { key: 'features_staff_console_enabled', enabled: false, description: 'Staff console' },
  { key: 'console_catalog_edit_enabled', enabled: false, description: 'Console catalog editing' },
  { key: 'console_mode_toggle_enabled', enabled: false, description: 'Console TEST/LIVE mode switch' },
  { key: 'analytics_enabled', enabled: false, description: 'Console analytics' },
  { key: 'show-test-banner', enabled: false, description: 'TEST MODE ACTIVE banner' },
  { key: 'sermon_url_upload_enabled', enabled: false, description: 'Sermon upload from a signed URL' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('subdomain', 'text')
    .addColumn('domain', 'text')
    .addColumn('plan_id', 'text')
    .addColumn('plan_label', 'text')
    .addColumn('billing_interval', 'text', (c) => c.notNull().defaultTo('monthly'))
    .addColumn('active_seat_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'uuid')
    .execute();
  await sql`create unique index organizations_subdomain_key on organizations (subdomain)`.execute(db);
  await sql`create index organizations_domain on organizations (lower(domain))`.execute(db);
  await sql`create index organizations_name on organizations (name)`.execute(db);

  await db.schema
    .alterTable('users')
    .addColumn('phone', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'inactive')`))
    .execute();

  await db.schema
    .createTable('custom_user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('custom_user_roles_pkey', ['user_id', 'role'])
    .execute();

  await db.schema
    .createTable('staff_users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index staff_users_email_key on staff_users (lower(email))`.execute(db);

  await db.schema
    .createTable('invite_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('STAFF', 'PASTOR')`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`create index invite_tokens_org_created on invite_tokens (org_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('email_verification_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('email_verification_tokens_user').on('email_verification_tokens').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('family_id', 'uuid', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('replaced_by', 'uuid')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
  await db.schema.createIndex('refresh_tokens_user').on('refresh_tokens').column('user_id').execute();

  await db.schema
    .createTable('leads')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text')
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('billing_interval', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('initiated').check(sql`status in ('initiated', 'converted')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('converted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('leads_org').on('leads').column('org_id').execute();

  await db.schema
    .createTable('feature_flags')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid')
    .execute();
  await db.schema
    .createTable('feature_flag_overrides')
    .addColumn('key', 'text', (c) => c.notNull().references('feature_flags.key').onDelete('cascade'))
    .addColumn('org_id', 'uuid', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'uuid')
    .addPrimaryKeyConstraint('feature_flag_overrides_pkey', ['key', 'org_id'])
    .execute();
  await (db as Kysely<{ feature_flags: { key: string; enabled: boolean; description: string } }>)
    .insertInto('feature_flags')
    .values(FLAG_SEED.map((f) => ({ ...f })))
    .execute();

  await db.schema
    .createTable('captcha_spent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captcha_spent_expires').on('captcha_spent').column('expires_at').execute();

  await db.schema
    .createTable('sign_in_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('last_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('service_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['service_secrets', 'sign_in_attempts', 'captcha_spent', 'feature_flag_overrides', 'feature_flags', 'leads', 'refresh_tokens', 'email_verification_tokens', 'invite_tokens', 'staff_users', 'custom_user_roles']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('users').dropColumn('phone').dropColumn('status').execute();
  await db.schema
    .alterTable('organizations')
    .dropColumn('subdomain').dropColumn('domain').dropColumn('plan_id').dropColumn('plan_label')
    .dropColumn('billing_interval').dropColumn('active_seat_count').dropColumn('created_by')
    .execute();
}
