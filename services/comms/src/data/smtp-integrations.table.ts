import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface SmtpIntegrationsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  provider: Generated<'sendgrid'>;
  title: string;
  from_name: Generated<string>;
  from_email: string;
  smtp_server: string;
  smtp_port: Generated<number>;
  smtp_user: string;
  /** kit secret box, context `<orgId>:smtp:<id>`; never returned, never logged */
  smtp_password_sealed: string;
  smtp_domain: Generated<string>;
  domain: Generated<string>;
  address1: Generated<string>;
  address2: Generated<string>;
  city: Generated<string>;
  state: Generated<string>;
  zip_code: Generated<string>;
  country: Generated<string>;
  smtp_footer: Generated<string>;
  is_default: Generated<boolean>;
  sendgrid_event_webhook_public_key: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SmtpIntegrationRow = Selectable<SmtpIntegrationsTable>;
export type NewSmtpIntegration = Insertable<SmtpIntegrationsTable>;
export type SmtpIntegrationUpdate = Updateable<SmtpIntegrationsTable>;
