// Opens (pixel), clicks (signed redirect limited to the sent mail's links) and SendGrid's event
// webhook (verified with the integration's public key, deduplicated on sg_event_id). Bounces,
// drops and spam reports put the address on the organization's suppression list.
import type { KitTables } from '@lectern/service-kit';
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { SuppressionReason } from '../data/engagement.tables.ts';
import { integrationsOfUser } from '../integrations/smtp-integration.repository.ts';
import { parseSendgridPublicKey, verifySendgridSignature } from './sendgrid.signature.ts';
import type { TrackingLinks } from './tracking.links.ts';
import { UUID } from '../integrations/smtp-integration.service.ts';

type Db = CommsDatabase & KitTables;

export type WebhookOutcome = { status: 'applied'; applied: number; duplicates: number; ignored: number } | { status: 'unauthorized' } | { status: 'bad_request'; message: string };

interface SendgridEvent {
  event?: unknown;
  sg_event_id?: unknown;
  email?: unknown;
  timestamp?: unknown;
  reason?: unknown;
  lectern_communication_id?: unknown;
  'smtp-id'?: unknown;
}

export class EngagementService {
  readonly #db: Kysely<Db>;
  readonly #links: TrackingLinks;

  constructor(options: { db: Kysely<Db>; tracking: TrackingLinks }) {
    this.#db = options.db;
    this.#links = options.tracking;
  }

  async recordOpen(communicationId: string): Promise<void> {
    if (!UUID.test(communicationId)) return;
    await this.#db.updateTable('communications').set({ opened_at: sql<Date>`coalesce(opened_at, now())` }).where('id', '=', communicationId).where('opened_at', 'is', null).execute();
  }

  /** The target to redirect to, or undefined when the link is forged or not in the sent mail. */
  async recordClick(communicationId: string, target: string, signature: string): Promise<string | undefined> {
    if (!UUID.test(communicationId) || !this.#links.verifyClick(communicationId, target, signature)) return undefined;
    const row = await this.#db
      .selectFrom('communications as c')
      .innerJoin('campaigns as k', 'k.id', 'c.campaign_id')
      .select(['c.id', 'k.links'])
      .where('c.id', '=', communicationId)
      .executeTakeFirst();
    if (!row || !row.links.includes(target)) return undefined;
    // a click means the mail was opened, even when the client blocked the pixel
    await this.#db
      .updateTable('communications')
      .set({ clicked_at: sql<Date>`coalesce(clicked_at, now())`, opened_at: sql<Date>`coalesce(opened_at, now())` })
      .where('id', '=', communicationId)
      .execute();
    return target;
  }

  async sendgridWebhook(userId: string, headers: { signature: string; timestamp: string }, rawBody: Buffer): Promise<WebhookOutcome> {
    if (!UUID.test(userId) || !headers.signature || !headers.timestamp) return { status: 'unauthorized' };
    const integrations = await integrationsOfUser(this.#db, userId);
    const integration = integrations.find((i) => {
      const key = parseSendgridPublicKey(i.sendgrid_event_webhook_public_key);
      return key !== undefined && verifySendgridSignature(key, headers.timestamp, rawBody, headers.signature);
    });
    if (!integration) return { status: 'unauthorized' };
    let events: unknown;
    try {
      events = JSON.parse(rawBody.toString('utf8'));
    } catch {
      return { status: 'bad_request', message: 'The body must be a JSON array of SendGrid events.' };
    }
    if (!Array.isArray(events)) return { status: 'bad_request', message: 'The body must be a JSON array of SendGrid events.' };
    let applied = 0;
    let duplicates = 0;
    let ignored = 0;
    await this.#db.transaction().execute(async (trx) => {
      for (const raw of events as SendgridEvent[]) {
        const type = typeof raw?.event === 'string' ? raw.event : '';
        const eventId = typeof raw?.sg_event_id === 'string' ? raw.sg_event_id : '';
        if (!type || !eventId) {
          ignored += 1;
          continue;
        }
        const fresh = await trx.insertInto('provider_events').values({ event_id: `sendgrid:${eventId}`, integration_id: integration.id, type }).onConflict((oc) => oc.column('event_id').doNothing()).returning('event_id').executeTakeFirst();
        if (!fresh) {
          duplicates += 1;
          continue;
        }
        if (await this.#apply(trx, integration.org_id, type, raw)) applied += 1;
        else ignored += 1;
      }
    });
    return { status: 'applied', applied, duplicates, ignored };
  }

  async #apply(trx: Transaction<Db>, orgId: string, type: string, event: SendgridEvent): Promise<boolean> {
    const at = typeof event.timestamp === 'number' ? new Date(event.timestamp * 1000) : new Date();
    const communicationId = typeof event.lectern_communication_id === 'string' && UUID.test(event.lectern_communication_id) ? event.lectern_communication_id : undefined;
    const smtpId = typeof event['smtp-id'] === 'string' ? event['smtp-id'] : undefined;
    if (!communicationId && !smtpId) return false;
    // only this integration's organization's rows: a key cannot touch another church's mail
    let target = trx.updateTable('communications').where('org_id', '=', orgId);
    target = communicationId ? target.where('id', '=', communicationId) : target.where('message_id', '=', smtpId!);
    const email = typeof event.email === 'string' ? event.email.toLowerCase() : undefined;
    const reason = typeof event.reason === 'string' ? event.reason.slice(0, 500) : null;
    let changed: { numUpdatedRows: bigint };
    switch (type) {
      case 'delivered':
        changed = await target.set({ delivered_at: sql<Date>`coalesce(delivered_at, ${at})` }).executeTakeFirst();
        break;
      case 'open':
        changed = await target.set({ opened_at: sql<Date>`coalesce(opened_at, ${at})` }).executeTakeFirst();
        break;
      case 'click':
        changed = await target.set({ clicked_at: sql<Date>`coalesce(clicked_at, ${at})`, opened_at: sql<Date>`coalesce(opened_at, ${at})` }).executeTakeFirst();
        break;
      case 'bounce':
      case 'dropped':
        changed = await target.set({ status: 'failed', bounced_at: sql<Date>`coalesce(bounced_at, ${at})`, failed_at: sql<Date>`coalesce(failed_at, ${at})`, error: `${type}${reason ? `: ${reason}` : ''}` }).executeTakeFirst();
        if (email) await this.#suppress(trx, orgId, email, type, reason);
        break;
      case 'spamreport':
        changed = await target.set({ error: 'reported as spam' }).executeTakeFirst();
        if (email) await this.#suppress(trx, orgId, email, 'spamreport', reason);
        break;
      default:
        return false;
    }
    return changed.numUpdatedRows > 0n;
  }

  async #suppress(trx: Transaction<Db>, orgId: string, email: string, reason: SuppressionReason, detail: string | null): Promise<void> {
    await trx.insertInto('suppressions').values({ org_id: orgId, email, reason, detail }).onConflict((oc) => oc.columns(['org_id', 'email']).doNothing()).execute();
  }
}
