import type { Generated, Insertable, Selectable } from 'kysely';

export interface EmailContactsTable {
  id: Generated<string>;
  org_id: string;
  name: Generated<string>;
  email: string;
  created_at: Generated<Date>;
}

export type EmailContactRow = Selectable<EmailContactsTable>;
export type NewEmailContact = Insertable<EmailContactsTable>;
