// The comms service's tables (its Postgres schema `comms`).
import type { CampaignsTable } from './campaigns.table.ts';
import type { CommunicationsTable } from './communications.table.ts';
import type { EmailContactsTable } from './email-contacts.table.ts';
import type { EmailTemplatesTable } from './email-templates.table.ts';
import type { ProviderEventsTable, SendRateBucketsTable, SuppressionsTable } from './engagement.tables.ts';
import type { SentEmailsTable } from './sent-emails.table.ts';
import type { SmtpIntegrationsTable } from './smtp-integrations.table.ts';

export interface CommsDatabase {
  email_templates: EmailTemplatesTable;
  communications: CommunicationsTable;
  sent_emails: SentEmailsTable;
  smtp_integrations: SmtpIntegrationsTable;
  email_contacts: EmailContactsTable;
  campaigns: CampaignsTable;
  suppressions: SuppressionsTable;
  provider_events: ProviderEventsTable;
  send_rate_buckets: SendRateBucketsTable;
  organizations: OrganizationsTable;
}

/** Projection of identity.organization.created.v1: the names e-mails show. */
export interface OrganizationsTable {
  id: string;
  name: string;
}
