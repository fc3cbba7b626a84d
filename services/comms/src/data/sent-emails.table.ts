import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type EmailKind = 'email-confirmation' | 'invitation' | 'password-link';
export type SentEmailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface SentEmailsTable {
  id: string;
  kind: EmailKind;
  source_event_id: string;
  source_event_type: string;
  org_id: string | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  message_id: string;
  status: Generated<SentEmailStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  smtp_response: string | null;
  available_at: Generated<Date>;
  created_at: Generated<Date>;
  sent_at: Date | null;
  failed_at: Date | null;
}

export type SentEmailRow = Selectable<SentEmailsTable>;
export type NewSentEmail = Insertable<SentEmailsTable>;
export type SentEmailUpdate = Updateable<SentEmailsTable>;
