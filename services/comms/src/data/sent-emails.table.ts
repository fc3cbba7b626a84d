import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type EmailKind = 'email-confirmation' | 'invitation' | 'password-link' | 'communication' | 'waitlist-confirmation';
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
  /** the message was complete at the SMTP server but for the final "." when this was set */
  handed_over_at: Generated<Date | null>;
  /** kind 'communication': the recipient's communications row */
  communication_id: Generated<string | null>;
  /** sent through this SMTP integration; null: the platform's SMTP_URL */
  integration_id: Generated<string | null>;
  /** rate bucket: 'platform' or 'integration:<id>' */
  sender: Generated<string>;
  /** extra headers (List-Unsubscribe, X-SMTPAPI with the communication id for SendGrid events) */
  headers: Generated<Record<string, string> | null>;
  /** sender shown to the recipient when not the platform's MAIL_FROM */
  from_name: Generated<string | null>;
  from_email: Generated<string | null>;
}

export type SentEmailRow = Selectable<SentEmailsTable>;
export type NewSentEmail = Insertable<SentEmailsTable>;
export type SentEmailUpdate = Updateable<SentEmailsTable>;
