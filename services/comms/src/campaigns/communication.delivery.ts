// What the dispatcher needs for a church e-mail (sent_emails.kind = 'communication'): the sender's
// transport (the integration the campaign was queued for, or the platform's), the message rendered
// for this recipient from the campaign's snapshot with tracked links and the open pixel, and the
// communication row's pending → sent / failed. A recipient suppressed since the send was queued
// (a bounce, a spam report) is not mailed.
import type { KitTables, SecretBox } from '@lectern/service-kit';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { SentEmailRow } from '../data/sent-emails.table.ts';
import type { SmtpIntegrationRow } from '../data/smtp-integrations.table.ts';
import type { TrackingLinks } from '../engagement/tracking.links.ts';
import { findIntegrationById } from '../integrations/smtp-integration.repository.ts';
import { SmtpIntegrationService } from '../integrations/smtp-integration.service.ts';
import { createSmtpTransport } from '../mail/mail.transport.ts';
import type { MailTransport, OutgoingMail } from '../mail/mail.transport.ts';
import { recipientValues, renderChurchEmail } from '../templates/church-email.template.ts';

type Db = CommsDatabase & KitTables;

export type Prepared = { transport: MailTransport; mail: OutgoingMail } | { failure: string };

export interface CommunicationDeliveryOptions {
  db: Kysely<Db>;
  box: SecretBox;
  tracking: TrackingLinks;
  platform: MailTransport;
  timeoutMs: number;
  /** open connections per integration */
  connectionsPerSender: number;
}

export class CommunicationDelivery {
  readonly #o: CommunicationDeliveryOptions;
  /** pooled transports by integration id, rebuilt when the integration changes */
  readonly #transports = new Map<string, { version: number; transport: MailTransport }>();

  constructor(options: CommunicationDeliveryOptions) {
    this.#o = options;
  }

  async prepare(row: SentEmailRow): Promise<Prepared> {
    const { db } = this.#o;
    const found = await db
      .selectFrom('communications as c')
      .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
      .select(['c.id', 'c.org_id', 'c.recipient_email', 'c.recipient_name', 'k.subject', 'k.body', 'k.organization_name', 'k.footer', 'k.address'])
      .where('c.id', '=', row.communication_id!)
      .executeTakeFirst();
    if (!found) return { failure: 'the communication was deleted before it was sent' };
    const suppressed = await db.selectFrom('suppressions').select('reason').where('org_id', '=', found.org_id).where('email', '=', found.recipient_email.toLowerCase()).executeTakeFirst();
    if (suppressed) return { failure: `not sent: ${found.recipient_email} is on the suppression list (${suppressed.reason})` };

    let transport = this.#o.platform;
    let from: OutgoingMail['from'];
    let footer = { footer: found.footer, address: found.address };
    if (row.sender.startsWith('integration:')) {
      const integration = row.integration_id ? await findIntegrationById(db, row.integration_id) : undefined;
      if (!integration) return { failure: 'the SMTP integration was deleted before this e-mail was sent' };
      transport = this.#transportOf(integration);
      from = { name: integration.from_name || integration.title, address: integration.from_email };
      footer = { footer: integration.smtp_footer, address: addressLines(integration) };
    }
    const rendered = renderChurchEmail({
      subject: found.subject,
      body: found.body,
      values: recipientValues({ email: found.recipient_email, name: found.recipient_name }, found.organization_name),
      sender: { organizationName: found.organization_name, ...footer },
      trackLink: (url) => this.#o.tracking.clickUrl(found.id, url),
      pixelUrl: this.#o.tracking.pixelUrl(found.id),
    });
    return {
      transport,
      mail: {
        to: found.recipient_email,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: row.message_id,
        ...(from ? { from } : {}),
        // SendGrid copies unique_args into every event of this message: the webhook finds the row by it
        headers: { 'X-SMTPAPI': JSON.stringify({ unique_args: { lectern_communication_id: found.id } }) },
      },
    };
  }

  async markSent(trx: Transaction<Db>, row: SentEmailRow, sentAt: Date): Promise<void> {
    await trx.updateTable('communications').set({ status: 'sent', sent_at: sentAt, message_id: row.message_id, error: null }).where('id', '=', row.communication_id!).where('status', '=', 'pending').execute();
  }

  async markFailed(trx: Transaction<Db>, row: SentEmailRow, reason: string): Promise<void> {
    await trx.updateTable('communications').set({ status: 'failed', failed_at: sql<Date>`now()`, error: reason.slice(0, 1000) }).where('id', '=', row.communication_id!).where('status', '=', 'pending').execute();
  }

  close(): void {
    for (const { transport } of this.#transports.values()) transport.close();
    this.#transports.clear();
  }

  #transportOf(integration: SmtpIntegrationRow): MailTransport {
    const version = integration.updated_at.getTime();
    const cached = this.#transports.get(integration.id);
    if (cached && cached.version === version) return cached.transport;
    cached?.transport.close();
    const transport = createSmtpTransport({
      server: { host: integration.smtp_server, port: integration.smtp_port, user: integration.smtp_user, password: this.#o.box.open(integration.smtp_password_sealed, SmtpIntegrationService.passwordContext(integration)) },
      from: { name: integration.from_name || integration.title, address: integration.from_email },
      timeoutMs: this.#o.timeoutMs,
      pooled: this.#o.connectionsPerSender,
    });
    this.#transports.set(integration.id, { version, transport });
    return transport;
  }
}

export function addressLines(row: Pick<SmtpIntegrationRow, 'address1' | 'address2' | 'city' | 'state' | 'zip_code' | 'country'>): string[] {
  const cityLine = [row.city, [row.state, row.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [row.address1, row.address2, cityLine, row.country].filter((line) => line.trim() !== '');
}
