// Events published by the comms service (topic `comms.events`): the outcome of each e-mail it was
// asked to send. `subject` is the sent_emails id; `sourceEventId` links back to the event that
// asked for the mail (e.g. identity.user.registered.v1).
import { Type } from 'typebox';

/** communication: a church e-mail to one recipient (sourceEventId is the communication id) */
export const EmailKind = Type.Union([Type.Literal('email-confirmation'), Type.Literal('invitation'), Type.Literal('password-link'), Type.Literal('communication'), Type.Literal('waitlist-confirmation')]);

const outcome = {
  emailId: Type.String({ format: 'uuid' }),
  kind: EmailKind,
  recipient: Type.String({ minLength: 3 }),
  subject: Type.String(),
  sourceEventId: Type.String({ format: 'uuid' }),
  sourceEventType: Type.String({ minLength: 1 }),
  /** delivery attempts made, this one included */
  attempts: Type.Integer({ minimum: 1 }),
};

export const commsEvents = {
  'comms.email.sent.v1': Type.Object({
    ...outcome,
    /** Message-ID header of the delivered message */
    messageId: Type.String(),
    sentAt: Type.String({ format: 'date-time' }),
  }),
  'comms.email.failed.v1': Type.Object({
    ...outcome,
    /** why delivery stopped: the SMTP answer, or "gave up after N attempts: …" */
    error: Type.String(),
    /** true when the server refused the message (5xx); false when retries ran out */
    permanent: Type.Boolean(),
    failedAt: Type.String({ format: 'date-time' }),
  }),
} as const;
