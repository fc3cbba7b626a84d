import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface EmailTemplatesTable {
  id: Generated<string>;
  org_id: string | null;
  name: string;
  type: string;
  subject: string;
  html_body: string;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type EmailTemplatesRow = Selectable<EmailTemplatesTable>;
export type NewEmailTemplates = Insertable<EmailTemplatesTable>;
export type EmailTemplatesUpdate = Updateable<EmailTemplatesTable>;
