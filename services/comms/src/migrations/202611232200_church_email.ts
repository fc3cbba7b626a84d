// Church e-mail: SMTP integrations (password sealed with the kit's secret box), contacts, campaigns
// (one send = one campaign, one communication per recipient), the suppression list, SendGrid
// event ids already applied, the per-sender rate buckets; sent_emails also carries communications.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('smtp_integrations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    // who added it: the SendGrid event webhook URL names this user (spec 001)
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('sendgrid').check(sql`provider in ('sendgrid')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('from_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('from_email', 'text', (c) => c.notNull())
    .addColumn('smtp_server', 'text', (c) => c.notNull())
    .addColumn('smtp_port', 'integer', (c) => c.notNull().defaultTo(587))
    .addColumn('smtp_user', 'text', (c) => c.notNull())
    .addColumn('smtp_password_sealed', 'text', (c) => c.notNull())
    .addColumn('smtp_domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('domain', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address1', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('zip_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('smtp_footer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sendgrid_event_webhook_public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index smtp_integrations_one_default on smtp_integrations (org_id) where is_default`.execute(db);
  await sql`create index smtp_integrations_org on smtp_integrations (org_id, created_at desc)`.execute(db);
  await sql`create index smtp_integrations_user on smtp_integrations (user_id)`.execute(db);

  // identity.organization.created.v1 → the name the layout and {{organizationName}} show
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index email_contacts_org_email on email_contacts (org_id, lower(email))`.execute(db);

  await db.schema
    .createTable('campaigns')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('template_id', 'uuid', (c) => c.references('email_templates.id').onDelete('set null'))
    .addColumn('integration_id', 'uuid', (c) => c.references('smtp_integrations.id').onDelete('set null'))
    .addColumn('created_by', 'uuid', (c) => c.notNull())
    // what is sent, as it was when Send was pressed (later template edits change nothing queued)
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('organization_name', 'text', (c) => c.notNull())
    .addColumn('footer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // the links of the sent mail: the click redirect refuses any other target
    .addColumn('links', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('recipient_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('communications')
    .addColumn('campaign_id', 'uuid', (c) => c.references('campaigns.id').onDelete('cascade'))
    .addColumn('campaign_name', 'text')
    .addColumn('recipient_name', 'text')
    .addColumn('message_id', 'text')
    .addColumn('error', 'text')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('bounced_at', 'timestamptz')
    .addColumn('failed_at', 'timestamptz')
    .execute();
  await sql`create unique index communications_campaign_recipient on communications (campaign_id, lower(recipient_email))`.execute(db);
  await sql`create index communications_org_status on communications (org_id, status)`.execute(db);

  await db.schema
    .createTable('suppressions')
    .addColumn('org_id', 'uuid', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('bounce', 'dropped', 'spamreport', 'unsubscribe')`))
    .addColumn('detail', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('suppressions_pk', ['org_id', 'email'])
    .execute();

  await db.schema
    .createTable('provider_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('integration_id', 'uuid', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('send_rate_buckets')
    .addColumn('sender', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('refilled_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // The platform's starter templates (org_id null): every church sees them; they save their own.
  await sql`insert into email_templates (org_id, name, type, subject, html_body) values
    (null, 'Weekly devotional reminder', 'devotional',
     'This week''s devotional from {{organizationName}}',
     '<p>Hi {{firstName}},</p><p>This week''s 5-day devotional is ready. Take a few minutes each day to read, reflect and pray.</p><p><a href="https://lectern.app/member/dashboard">Open this week''s devotional</a></p><p>Blessings,<br>{{organizationName}}</p>'),
    (null, 'Welcome to our church', 'welcome',
     'Welcome to {{organizationName}}, {{firstName}}!',
     '<p>Hi {{firstName}},</p><p>We are so glad you are part of {{organizationName}}. Sermons, outlines and devotionals are waiting for you in our member area.</p><p><a href="https://lectern.app/member/dashboard">Visit the member area</a></p><p>See you on Sunday!</p>'),
    (null, 'Event invitation', 'event',
     'You are invited: a gathering at {{organizationName}}',
     '<p>Hi {{firstName}},</p><p>Join us for fellowship, worship and a shared meal. Bring a friend!</p><p><a href="https://lectern.app/events">See the details and sign up</a></p>')`.execute(db);

  await sql`alter table sent_emails drop constraint sent_emails_kind_check`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_kind_check check (kind in ('email-confirmation', 'invitation', 'password-link', 'communication'))`.execute(db);
  await db.schema
    .alterTable('sent_emails')
    .addColumn('communication_id', 'uuid', (c) => c.references('communications.id').onDelete('cascade'))
    .addColumn('integration_id', 'uuid', (c) => c.references('smtp_integrations.id').onDelete('set null'))
    // the rate bucket it is sent under: 'platform' or 'integration:<id>'
    .addColumn('sender', 'text', (c) => c.notNull().defaultTo('platform'))
    .addColumn('headers', 'jsonb')
    .addColumn('from_name', 'text')
    .addColumn('from_email', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sent_emails').dropColumn('communication_id').dropColumn('integration_id').dropColumn('sender').dropColumn('headers').dropColumn('from_name').dropColumn('from_email').execute();
  await sql`delete from sent_emails where kind = 'communication'`.execute(db);
  await sql`alter table sent_emails drop constraint sent_emails_kind_check`.execute(db);
  await sql`alter table sent_emails add constraint sent_emails_kind_check check (kind in ('email-confirmation', 'invitation', 'password-link'))`.execute(db);
  await db.schema.dropTable('send_rate_buckets').execute();
  await db.schema.dropTable('provider_events').execute();
  await db.schema.dropTable('suppressions').execute();
  await db.schema.alterTable('communications').dropColumn('campaign_id').dropColumn('campaign_name').dropColumn('recipient_name').dropColumn('message_id').dropColumn('error').dropColumn('delivered_at').dropColumn('bounced_at').dropColumn('failed_at').execute();
  await db.schema.dropTable('campaigns').execute();
  await sql`delete from email_templates where org_id is null`.execute(db);
  await db.schema.dropTable('email_contacts').execute();
  await db.schema.dropTable('organizations').execute();
  await db.schema.dropTable('smtp_integrations').execute();
}
