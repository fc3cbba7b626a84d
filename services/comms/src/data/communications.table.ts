import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type CommunicationStatus = 'pending' | 'sent' | 'failed';

export interface CommunicationsTable {
  id: Generated<string>;
  org_id: string;
  template_id: string | null;
  recipient_email: string;
  subject: string;
  status: Generated<CommunicationStatus>;
  sent_at: Date | null;
  opened_at: Date | null;
  clicked_at: Date | null;
  created_at: Generated<Date>;
}

export type CommunicationsRow = Selectable<CommunicationsTable>;
export type NewCommunications = Insertable<CommunicationsTable>;
export type CommunicationsUpdate = Updateable<CommunicationsTable>;
