// Compose and send (spec 000 §2 Communications, §4 Sending an e-mail): one campaign per Send, one
// communication (pending) and one queued sent_emails row per recipient, all in one transaction, so
// a send is queued whole or not at all. The dispatcher delivers them through the organization's
// default SMTP integration, or the platform's when it has none.
import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode } from '@lectern/service-kit';
import type { KitTables } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { CommunicationsRow } from '../data/communications.table.ts';
import { findDefaultIntegration } from '../integrations/smtp-integration.repository.ts';
import { addressLines } from './communication.delivery.ts';
import { linksOf, recipientValues, renderSubject } from '../templates/church-email.template.ts';

type Db = CommsDatabase & KitTables;

export const RECENT_LIMIT = 50;
export const MAX_RECIPIENTS = 20_000;
const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;

export interface SendRequest {
  templateId: string;
  campaignName?: string | undefined;
  contactIds: string[];
  /** addresses picked from the organization's members (identity) or typed in */
  recipients: { email: string; name?: string | undefined }[];
}

export interface SendResult {
  campaignId: string;
  queued: number;
  suppressed: string[];
  message: string;
}

export interface CommunicationJson {
  id: string;
  subject: string;
  campaignName: string | null;
  recipientEmail: string;
  status: 'pending' | 'sent' | 'failed';
  error: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  bouncedAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  created_at: string;
}

export interface CommunicationStats {
  totalSent: number;
  delivered: number;
  openRate: number;
  clickRate: number;
  pending: number;
  failed: number;
}

export class CampaignService {
  readonly #db: Kysely<Db>;
  readonly #messageDomain: string;
  readonly #onQueued: () => void;

  constructor(options: { db: Kysely<Db>; messageDomain: string; onQueued: () => void }) {
    this.#db = options.db;
    this.#messageDomain = options.messageDomain;
    this.#onQueued = options.onQueued;
  }

  async send(orgId: string, userId: string, request: SendRequest): Promise<SendResult> {
    const db = this.#db;
    const template = await db
      .selectFrom('email_templates')
      .selectAll()
      .where('id', '=', request.templateId)
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', 'is', null)]))
      .executeTakeFirst();
    if (!template) throw new AppError(ErrorCode.NOT_FOUND, { detail: 'Template not found' });

    const recipients = new Map<string, { email: string; name: string }>();
    if (request.contactIds.length > 0) {
      const contacts = await db.selectFrom('email_contacts').select(['id', 'email', 'name']).where('org_id', '=', orgId).where('id', 'in', request.contactIds).execute();
      if (contacts.length !== new Set(request.contactIds).size) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Some of the chosen contacts no longer exist. Reload the page and choose again.' });
      for (const c of contacts) recipients.set(c.email.toLowerCase(), { email: c.email, name: c.name });
    }
    for (const r of request.recipients) {
      const email = r.email.trim();
      if (!EMAIL.test(email)) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: `"${email}" is not an e-mail address.` });
      if (!recipients.has(email.toLowerCase())) recipients.set(email.toLowerCase(), { email, name: r.name?.trim() ?? '' });
    }
    if (recipients.size === 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Choose at least one recipient.' });
    if (recipients.size > MAX_RECIPIENTS) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: `At most ${MAX_RECIPIENTS} recipients per e-mail.` });

    const suppressedRows = await db.selectFrom('suppressions').select('email').where('org_id', '=', orgId).where('email', 'in', [...recipients.keys()]).execute();
    const suppressed = suppressedRows.map((r) => r.email);
    for (const email of suppressed) recipients.delete(email);
    if (recipients.size === 0) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Every chosen recipient is on the suppression list (an earlier e-mail bounced or was reported as spam).' });

    const integration = await findDefaultIntegration(db, orgId);
    const organizationName = await this.organizationName(orgId);
    const campaignId = randomUUID();
    const campaignName = request.campaignName?.trim() || template.name;
    const sender = integration ? `integration:${integration.id}` : 'platform';

    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('campaigns')
        .values({
          id: campaignId,
          org_id: orgId,
          name: campaignName,
          template_id: template.id,
          integration_id: integration?.id ?? null,
          created_by: userId,
          subject: template.subject,
          body: template.html_body,
          organization_name: organizationName,
          footer: integration?.smtp_footer ?? '',
          address: JSON.stringify(integration ? addressLines(integration) : []) as unknown as string[],
          links: JSON.stringify(linksOf(template.html_body)) as unknown as string[],
          recipient_count: recipients.size,
        })
        .execute();
      const all = [...recipients.values()];
      for (let i = 0; i < all.length; i += 1000) {
        const chunk = all.slice(i, i + 1000).map((r) => ({ ...r, id: randomUUID() }));
        await trx
          .insertInto('communications')
          .values(chunk.map((r) => ({ id: r.id, org_id: orgId, template_id: template.id, campaign_id: campaignId, campaign_name: campaignName, recipient_email: r.email, recipient_name: r.name || null, subject: renderSubject(template.subject, recipientValues({ email: r.email, name: r.name }, organizationName)), message_id: `<${r.id}@${this.#messageDomain}>` })))
          .execute();
        await trx
          .insertInto('sent_emails')
          .values(
            chunk.map((r) => ({
              id: r.id,
              kind: 'communication' as const,
              source_event_id: r.id,
              source_event_type: 'comms.communication',
              org_id: orgId,
              recipient: r.email,
              subject: template.subject,
              text_body: '',
              html_body: '',
              message_id: `<${r.id}@${this.#messageDomain}>`,
              communication_id: r.id,
              integration_id: integration?.id ?? null,
              sender,
            })),
          )
          .execute();
      }
    });
    this.#onQueued();
    const skipped = suppressed.length ? ` ${suppressed.length} recipient${suppressed.length === 1 ? ' was' : 's were'} skipped (suppression list).` : '';
    return { campaignId, queued: recipients.size, suppressed, message: `Email sent successfully!${skipped}` };
  }

  /** The church name e-mails show: identity's (projection), else the default integration's sender name. */
  async organizationName(orgId: string): Promise<string> {
    const organization = await this.#db.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirst();
    if (organization) return organization.name;
    const integration = await findDefaultIntegration(this.#db, orgId);
    return integration ? integration.from_name || integration.title : 'Your church';
  }

  async recent(orgId: string, limit = RECENT_LIMIT): Promise<CommunicationJson[]> {
    const rows = await this.#db.selectFrom('communications').selectAll().where('org_id', '=', orgId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    return rows.map(communicationJson);
  }

  /** Spec 000 §9: open and click rates are the rounded share of sent messages with the timestamp. */
  async stats(orgId: string): Promise<CommunicationStats> {
    const row = await this.#db
      .selectFrom('communications')
      .select([
        sql<number>`count(*) filter (where status = 'sent')::int`.as('sent'),
        sql<number>`count(*) filter (where status = 'sent' and bounced_at is null)::int`.as('delivered'),
        sql<number>`count(*) filter (where status = 'sent' and opened_at is not null)::int`.as('opened'),
        sql<number>`count(*) filter (where status = 'sent' and clicked_at is not null)::int`.as('clicked'),
        sql<number>`count(*) filter (where status = 'pending')::int`.as('pending'),
        sql<number>`count(*) filter (where status = 'failed')::int`.as('failed'),
      ])
      .where('org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    const rate = (n: number) => (row.sent === 0 ? 0 : Math.round((n / row.sent) * 100));
    return { totalSent: row.sent + row.failed, delivered: row.delivered, openRate: rate(row.opened), clickRate: rate(row.clicked), pending: row.pending, failed: row.failed };
  }
}

export function communicationJson(row: CommunicationsRow): CommunicationJson {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    subject: row.subject,
    campaignName: row.campaign_name,
    recipientEmail: row.recipient_email,
    status: row.status,
    error: row.error,
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    bouncedAt: iso(row.bounced_at),
    openedAt: iso(row.opened_at),
    clickedAt: iso(row.clicked_at),
    created_at: row.created_at.toISOString(),
  };
}
