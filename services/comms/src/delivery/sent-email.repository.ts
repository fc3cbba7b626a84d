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

/**
 * Claim up to `limit` due e-mails: pending ones whose back-off is over and 'sending' ones whose
 * lease ran out (their sender died). Each claim counts as an attempt, so a message that keeps
 * killing its sender still ends as failed.
 */
export async function claimDue(db: Kysely<Db>, limit: number, leaseMs: number): Promise<SentEmailRow[]> {
  const { rows } = await sql<SentEmailRow>`
    update sent_emails
       set status = 'sending', attempts = attempts + 1, available_at = now() + ${leaseMs} * interval '1 millisecond'
     where id in (
       select id from sent_emails
        where status in ('pending', 'sending') and available_at <= now()
        order by available_at
        limit ${limit}
        for update skip locked)
    returning *`.execute(db);
  return rows;
}

/** Only the claim that holds the row may settle it (a lease that ran out was re-claimed). */
function claimed(db: Executor<Db>, row: SentEmailRow) {
  return db.updateTable('sent_emails').where('id', '=', row.id).where('status', '=', 'sending').where('attempts', '=', row.attempts);
}

export async function markSent(db: Executor<Db>, row: SentEmailRow, smtpResponse: string): Promise<Date | undefined> {
  const updated = await claimed(db, row)
    .set({ status: 'sent', sent_at: sql<Date>`now()`, smtp_response: smtpResponse.slice(0, 1000), last_error: null })
    .returning('sent_at')
    .executeTakeFirst();
  return updated?.sent_at ?? undefined;
}

export async function markRetry(db: Executor<Db>, row: SentEmailRow, error: string, delayMs: number): Promise<boolean> {
  const updated = await claimed(db, row)
    .set({ status: 'pending', last_error: error, available_at: sql<Date>`now() + ${delayMs} * interval '1 millisecond'` })
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

export async function markFailed(db: Executor<Db>, row: SentEmailRow, error: string): Promise<Date | undefined> {
  const updated = await claimed(db, row)
    .set({ status: 'failed', failed_at: sql<Date>`now()`, last_error: error })
    .returning('failed_at')
    .executeTakeFirst();
  return updated?.failed_at ?? undefined;
}
