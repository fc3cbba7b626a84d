// sent_emails as a delivery queue: queued inside the consumer's transaction, claimed with a lease
// (status 'sending', available_at = lease end) so no transaction stays open across an SMTP call.
import type { Executor, KitTables } from '@lectern/service-kit';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { NewSentEmail, SentEmailRow } from '../data/sent-emails.table.ts';

type Db = CommsDatabase & KitTables;

/** Queue an e-mail; false when this (source event, kind) was queued before. */
export async function queueEmail(db: Executor<Db>, email: NewSentEmail): Promise<boolean> {
  const inserted = await db
    .insertInto('sent_emails')
    .values(email)
    .onConflict((oc) => oc.columns(['source_event_id', 'kind']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Per-sender sending rate (token bucket shared by every instance through send_rate_buckets). */
export interface SendRates {
  /** messages per second for a sender ('platform' or 'integration:<id>') */
  perSecond(sender: string): number;
}

/**
 * Claim up to `limit` due e-mails: pending ones whose back-off is over and 'sending' ones whose
 * lease ran out (their sender died). Each claim counts as an attempt, so a message that keeps
 * killing its sender still ends as failed. Transactional mail (confirmations, invitations) goes
 * before church e-mail; each sender takes no more than its rate bucket holds, so one church's
 * big send neither exceeds its provider's limit nor starves the others (the bucket rows are locked
 * for the claim's short transaction, which keeps the rate across instances).
 */
export async function claimDue(db: Kysely<Db>, limit: number, leaseMs: number, rates?: SendRates): Promise<SentEmailRow[]> {
  return db.transaction().execute(async (trx) => {
    const { rows: due } = await sql<{ id: string; sender: string }>`
      select id, sender from sent_emails
       where status in ('pending', 'sending') and available_at <= now()
       order by (kind = 'communication'), available_at
       limit ${rates ? limit * 4 : limit}
       for update skip locked`.execute(trx);
    if (due.length === 0) return [];
    let chosen = due.slice(0, limit).map((r) => r.id);
    if (rates) {
      const bySender = new Map<string, string[]>();
      for (const row of due) bySender.set(row.sender, [...(bySender.get(row.sender) ?? []), row.id]);
      chosen = [];
      for (const [sender, ids] of [...bySender.entries()].sort(([a], [b]) => a.localeCompare(b))) {
        const rate = rates.perSecond(sender);
        const { rows } = await sql<{ tokens: number }>`
          insert into send_rate_buckets (sender, tokens, refilled_at) values (${sender}, ${rate}, now())
          on conflict (sender) do update
             set tokens = least(${rate}::double precision, send_rate_buckets.tokens + ${rate} * extract(epoch from now() - send_rate_buckets.refilled_at)),
                 refilled_at = now()
          returning tokens`.execute(trx);
        const take = Math.max(0, Math.min(ids.length, Math.floor(rows[0]!.tokens), limit - chosen.length));
        if (take > 0) await sql`update send_rate_buckets set tokens = tokens - ${take} where sender = ${sender}`.execute(trx);
        chosen.push(...ids.slice(0, take));
      }
      if (chosen.length === 0) return [];
    }
    const { rows } = await sql<SentEmailRow>`
      update sent_emails
         set status = 'sending', attempts = attempts + 1, available_at = now() + ${leaseMs} * interval '1 millisecond'
       where id = any(${chosen}::uuid[])
      returning *`.execute(trx);
    return rows;
  });
}

/** Only the claim that holds the row may settle it (a lease that ran out was re-claimed). */
function claimed(db: Executor<Db>, row: SentEmailRow) {
  return db.updateTable('sent_emails').where('id', '=', row.id).where('status', '=', 'sending').where('attempts', '=', row.attempts);
}

/** Before the final "." of DATA: false when this claim no longer holds the row (do not send). */
export async function markHandedOver(db: Executor<Db>, row: SentEmailRow): Promise<boolean> {
  const updated = await claimed(db, row).set({ handed_over_at: sql<Date>`now()` }).executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Kinds whose links sign someone in, set a password or grant a signup. */
const CREDENTIAL_KINDS: ReadonlySet<string> = new Set(['email-confirmation', 'password-link', 'invitation', 'waitlist-confirmation']);
export const PURGED_LINK = '[link removed after delivery]';
const ANY_LINK = `https?://[^\\s"'<>]+`;

/**
 * Once such an e-mail is settled (sent or given up) nobody needs its link again: the stored bodies
 * keep their wording and lose every URL, in the same statement that settles the row.
 */
function purgedLinks(row: SentEmailRow) {
  if (!CREDENTIAL_KINDS.has(row.kind)) return {};
  return {
    text_body: sql<string>`regexp_replace(text_body, ${ANY_LINK}, ${PURGED_LINK}, 'g')`,
    html_body: sql<string>`regexp_replace(html_body, ${ANY_LINK}, ${PURGED_LINK}, 'g')`,
  };
}

export async function markSent(db: Executor<Db>, row: SentEmailRow, smtpResponse: string): Promise<Date | undefined> {
  const updated = await claimed(db, row)
    .set({ status: 'sent', sent_at: sql<Date>`now()`, smtp_response: smtpResponse.slice(0, 1000), last_error: null, ...purgedLinks(row) })
    .returning('sent_at')
    .executeTakeFirst();
  return updated?.sent_at ?? undefined;
}

export async function markRetry(db: Executor<Db>, row: SentEmailRow, error: string, delayMs: number): Promise<boolean> {
  const updated = await claimed(db, row)
    .set({ status: 'pending', last_error: error, handed_over_at: null, available_at: sql<Date>`now() + ${delayMs} * interval '1 millisecond'` })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function markFailed(db: Executor<Db>, row: SentEmailRow, error: string): Promise<Date | undefined> {
  const updated = await claimed(db, row)
    .set({ status: 'failed', failed_at: sql<Date>`now()`, last_error: error, ...purgedLinks(row) })
    .returning('failed_at')
    .executeTakeFirst();
  return updated?.failed_at ?? undefined;
}
