// The comms service's tables (its Postgres schema `comms`).
import type { EmailTemplatesTable } from './email-templates.table.ts';
import type { CommunicationsTable } from './communications.table.ts';
import type { SentEmailsTable } from './sent-emails.table.ts';

export interface CommsDatabase {
  email_templates: EmailTemplatesTable;
  communications: CommunicationsTable;
  sent_emails: SentEmailsTable;
}
