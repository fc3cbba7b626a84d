// identity.events → e-mails. Each handler runs inside the consumer's exactly-once transaction and
// only queues the rendered message in sent_emails; the dispatcher sends it (ADR 0011). A message
// that cannot be rendered (a bad link in the payload) is recorded as failed instead of blocking
// the partition.
import { randomUUID } from 'node:crypto';
import type { AnyEventEnvelope } from '@lectern/events';
import { createEvent, mailLinkContext } from '@lectern/events';
import type { EventHandlers, KitTables } from '@lectern/service-kit';
import { appendEvent, type SecretBox } from '@lectern/service-kit';
import type { Transaction } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { EmailKind } from '../data/sent-emails.table.ts';
import { queueEmail } from '../delivery/sent-email.repository.ts';
import type { RenderedEmail } from '../templates/email.layout.ts';
import { confirmationEmail } from '../templates/confirmation.template.ts';
import { invitationEmail } from '../templates/invitation.template.ts';
import { passwordLinkEmail } from '../templates/password-link.template.ts';
import { waitlistConfirmationEmail } from '../templates/waitlist-confirmation.template.ts';
import type { MailFrom } from '../mail/mail.address.ts';

type Trx = Transaction<CommsDatabase & KitTables>;

export const IDENTITY_MAIL_GROUP = 'comms.identity-mail';

export interface IdentityMailOptions {
  from: MailFrom;
  /** opens the sign-in, password, waitlist and invite links identity seals into its events (same SECRET_KEYS) */
  box: SecretBox;
  /** an e-mail was queued (the dispatcher is woken after the transaction commits anyway) */
  onQueued?: (kind: EmailKind, recipient: string) => void;
}

export function identityMailHandlers(options: IdentityMailOptions): EventHandlers<CommsDatabase> {
  const productName = options.from.name;
  const domain = options.from.address.split('@')[1] ?? 'localhost';
  /** The sealed link, opened only for its owner (user, signup, invite); a plain one only from events older than sealing. */
  const link = (owner: string, sealed: string | undefined, legacyPlain: string | undefined): string => {
    if (sealed) return options.box.open(sealed, mailLinkContext(owner));
    if (legacyPlain) return legacyPlain;
    throw new Error('the event carries no link');
  };

  async function queue(trx: Trx, event: AnyEventEnvelope, kind: EmailKind, recipient: string, render: () => RenderedEmail): Promise<void> {
    const id = randomUUID();
    const base = { id, kind, source_event_id: event.id, source_event_type: event.type, org_id: event.orgId, recipient, message_id: `<${id}@${domain}>` };
    let rendered: RenderedEmail;
    try {
      rendered = render();
    } catch (error) {
      const reason = `could not render the ${kind} e-mail: ${error instanceof Error ? error.message : String(error)}`;
      const queued = await queueEmail(trx, { ...base, subject: '', text_body: '', html_body: '', status: 'failed', last_error: reason, failed_at: new Date() });
      if (queued) {
        await appendEvent(trx, createEvent('comms.email.failed.v1', {
          orgId: event.orgId,
          subject: id,
          data: { emailId: id, kind, recipient, subject: '', sourceEventId: event.id, sourceEventType: event.type, attempts: 1, error: reason, permanent: true, failedAt: new Date().toISOString() },
        }));
      }
      return;
    }
    const queued = await queueEmail(trx, { ...base, subject: rendered.subject, text_body: rendered.text, html_body: rendered.html });
    if (queued) options.onQueued?.(kind, recipient);
  }

  return {
    'identity.user.registered.v1': (trx, event) =>
      queue(trx, event, 'email-confirmation', event.data.email, () =>
        confirmationEmail({
          productName,
          firstName: event.data.firstName,
          organizationName: event.data.organizationName,
          confirmationUrl: link(event.data.userId, event.data.sealedConfirmationUrl, event.data.confirmationUrl),
          issuedAt: new Date(event.time),
          expiresAt: new Date(event.data.confirmationExpiresAt),
          firstTime: true,
        }),
      ),
    'identity.user.verification-requested.v1': (trx, event) =>
      queue(trx, event, 'email-confirmation', event.data.email, () =>
        confirmationEmail({
          productName,
          firstName: event.data.firstName,
          organizationName: null,
          confirmationUrl: link(event.data.userId, event.data.sealedConfirmationUrl, event.data.confirmationUrl),
          issuedAt: new Date(event.time),
          expiresAt: new Date(event.data.confirmationExpiresAt),
          firstTime: false,
        }),
      ),
    'identity.invite.created.v1': (trx, event) =>
      queue(trx, event, 'invitation', event.data.email, () =>
        invitationEmail({
          productName,
          inviterName: event.data.inviterName,
          organizationName: event.data.organizationName,
          role: event.data.role,
          inviteUrl: link(event.data.inviteRef ?? event.subject, event.data.sealedInviteUrl, event.data.inviteUrl),
          expiresAt: new Date(event.data.expiresAt),
        }),
      ),
    'identity.password-link.requested.v1': (trx, event) =>
      queue(trx, event, 'password-link', event.data.email, () =>
        passwordLinkEmail({
          productName,
          firstName: event.data.firstName,
          organizationName: event.data.organizationName,
          purpose: event.data.purpose,
          linkUrl: link(event.data.userId, event.data.sealedLinkUrl, event.data.linkUrl),
          issuedAt: new Date(event.time),
          expiresAt: new Date(event.data.expiresAt),
        }),
      ),
    'identity.waitlist.confirmation-requested.v1': (trx, event) =>
      queue(trx, event, 'waitlist-confirmation', event.data.email, () =>
        waitlistConfirmationEmail({ productName, confirmUrl: link(event.data.signupId, event.data.sealedConfirmUrl, undefined), issuedAt: new Date(event.time), expiresAt: new Date(event.data.expiresAt) }),
      ),
  };
}
