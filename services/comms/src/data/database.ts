// The comms service's tables (its Postgres schema `comms`).
import type { EmailTemplatesTable } from './email-templates.table.ts';
import type { CommunicationsTable } from './communications.table.ts';

export interface CommsDatabase {
  email_templates: EmailTemplatesTable;
  communications: CommunicationsTable;
}
