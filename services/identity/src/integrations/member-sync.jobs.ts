// The member_sync_jobs rows (ADR 0021): enqueue (one active job per integration), claim under a
// lease, progress written with each page, finish. Every write after the claim checks the lease
// owner, so an instance that lost its lease (stalled, partitioned, stopped) can never write again.
import { sql } from 'kysely';
import type { Db } from '../data/database.ts';
import type { IntegrationType } from '../data/integration-config.table.ts';
import type { MemberSyncJob } from '../data/member-sync-job.table.ts';

export interface JobProgress {
  next_url: string | null;
  pages_processed: number;
  synced_count: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rate_limited_waits: number;
  server_error_retries: number;
}

const ACTIVE = ['queued', 'running'] as const;

/** The queued or running job of an integration, else a new queued one (`created` tells which). */
export async function enqueueSync(db: Db, orgId: string, type: IntegrationType, requestedBy: string | null): Promise<{ job: MemberSyncJob; created: boolean }> {
  for (;;) {
    const inserted = await db
      .insertInto('member_sync_jobs')
      .values({ org_id: orgId, integration_type: type, requested_by: requestedBy, next_url: null, lease_owner: null, lease_expires_at: null, error_reason: null, message: null, started_at: null, finished_at: null })
      .onConflict((oc) => oc.columns(['org_id', 'integration_type']).where('status', 'in', ACTIVE).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { job: inserted, created: true };
    const active = await db.selectFrom('member_sync_jobs').selectAll().where('org_id', '=', orgId).where('integration_type', '=', type).where('status', 'in', ACTIVE).executeTakeFirst();
    // Finished between the two statements: enqueue again.
    if (active) return { job: active, created: false };
  }
}

export async function latestJob(db: Db, orgId: string, type: IntegrationType): Promise<MemberSyncJob | undefined> {
  return db.selectFrom('member_sync_jobs').selectAll().where('org_id', '=', orgId).where('integration_type', '=', type).orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** Takes the oldest queued job, or a running one whose lease ran out (its instance died), for `leaseMs`. */
export async function claimJob(db: Db, owner: string, leaseMs: number): Promise<MemberSyncJob | undefined> {
  const result = await sql<MemberSyncJob>`
    update member_sync_jobs
       set status = 'running', lease_owner = ${owner}, lease_expires_at = now() + make_interval(secs => ${leaseMs / 1000}),
           attempts = attempts + 1, started_at = coalesce(started_at, now()), updated_at = now()
     where id = (select id from member_sync_jobs
                  where status = 'queued' or (status = 'running' and lease_expires_at < now())
                  order by created_at
                  for update skip locked
                  limit 1)
    returning *`.execute(db);
  return result.rows[0];
}

export async function renewLease(db: Db, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('member_sync_jobs')
    .set({ lease_expires_at: sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})` })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Writes one page's progress (in the page's transaction); false when the lease is no longer ours. */
export async function saveProgress(db: Db, id: string, owner: string, progress: JobProgress): Promise<boolean> {
  const result = await db
    .updateTable('member_sync_jobs')
    .set({ ...progress, updated_at: new Date() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function finishJob(db: Db, id: string, owner: string, outcome: { status: 'succeeded' | 'failed'; message: string; errorReason?: string }): Promise<boolean> {
  const result = await db
    .updateTable('member_sync_jobs')
    .set({ status: outcome.status, message: outcome.message, error_reason: outcome.errorReason ?? null, finished_at: new Date(), updated_at: new Date(), lease_owner: null, lease_expires_at: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the job back (service stopping, or an unexpected error): claimable again after `delayMs`. */
export async function releaseJob(db: Db, id: string, owner: string, delayMs = 0): Promise<void> {
  await db
    .updateTable('member_sync_jobs')
    .set({ lease_owner: null, lease_expires_at: sql<Date>`now() + make_interval(secs => ${delayMs / 1000})`, updated_at: new Date() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('status', '=', 'running')
    .execute();
}
