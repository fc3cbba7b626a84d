import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type CommunicationStatus = 'pending' | 'sent' | 'failed';

/** One e-mail to one recipient (spec 000 §3 Communication): pending → sent or failed. */
export interface CommunicationsTable {
  id: Generated<string>;
  org_id: string;
  template_id: string | null;
  campaign_id: string | null;
  campaign_name: string | null;
  recipient_email: string;
  recipient_name: string | null;
  subject: string;
  status: Generated<CommunicationStatus>;
  message_id: string | null;
  error: string | null;
  sent_at: Date | null;
  delivered_at: Date | null;
  bounced_at: Date | null;
  failed_at: Date | null;
  opened_at: Date | null;
  clicked_at: Date | null;
  created_at: Generated<Date>;
}

export type CommunicationsRow = Selectable<CommunicationsTable>;
export type NewCommunications = Insertable<CommunicationsTable>;
export type CommunicationsUpdate = Updateable<CommunicationsTable>;
