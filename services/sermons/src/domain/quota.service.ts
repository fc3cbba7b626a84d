// Uploads per organization per cycle (calendar month, UTC); the limit comes from the plan.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import { AppError, ErrorCode } from '@lectern/service-kit';
import { parseQuotaLimits, type SermonsConfig } from '../config.ts';
import type { SermonsDb } from '../data/database.ts';

type Db = Kysely<SermonsDb> | Transaction<SermonsDb>;

export interface Quota {
  used: number;
  quota_limit: number;
  remaining: number;
  resets_at: string;
  plan: string;
}

export function cycleOf(now: Date): { start: Date; resetsAt: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

export class QuotaService {
  private readonly limits: Map<string, number>;
  private readonly defaultPlan: string;

  constructor(config: SermonsConfig) {
    this.limits = parseQuotaLimits(config.SERMON_QUOTA_LIMITS);
    this.defaultPlan = config.SERMON_DEFAULT_PLAN;
  }

  async usage(db: Db, orgId: string, now = new Date()): Promise<Quota> {
    const { start, resetsAt } = cycleOf(now);
    const plan = await this.planOf(db, orgId);
    const row = await db.selectFrom('quota_usage').select('used').where('org_id', '=', orgId).where('cycle_start', '=', start).executeTakeFirst();
    const limit = this.limits.get(plan) ?? this.limits.get(this.defaultPlan) ?? 0;
    const used = row?.used ?? 0;
    return { used, quota_limit: limit, remaining: Math.max(limit - used, 0), resets_at: resetsAt.toISOString(), plan };
  }

  /** Counts one upload inside the caller's transaction; refuses with the spec's message when none is left. */
  async consume(trx: Transaction<SermonsDb>, orgId: string, now = new Date()): Promise<void> {
    const { start } = cycleOf(now);
    await trx.insertInto('quota_usage').values({ org_id: orgId, cycle_start: start, used: 0 }).onConflict((c) => c.doNothing()).execute();
    // Row lock: two uploads at once cannot both take the last one.
    await trx.selectFrom('quota_usage').select('used').where('org_id', '=', orgId).where('cycle_start', '=', start).forUpdate().executeTakeFirst();
    const quota = await this.usage(trx, orgId, now);
    if (quota.remaining <= 0) throw quotaExceeded(quota);
    await trx.updateTable('quota_usage').set({ used: sql`used + 1` }).where('org_id', '=', orgId).where('cycle_start', '=', start).execute();
  }

  /** Gives back the count of an upload that was refused, cancelled or failed the media check. */
  async release(db: Db, orgId: string, createdAt: Date): Promise<void> {
    const { start } = cycleOf(createdAt);
    await db.updateTable('quota_usage').set({ used: sql`greatest(used - 1, 0)` }).where('org_id', '=', orgId).where('cycle_start', '=', start).execute();
  }

  async setPlan(db: Db, orgId: string, plan: string): Promise<void> {
    await db.insertInto('org_plans').values({ org_id: orgId, plan }).onConflict((c) => c.column('org_id').doUpdateSet({ plan, updated_at: sql`now()` })).execute();
  }

  private async planOf(db: Db, orgId: string): Promise<string> {
    const row = await db.selectFrom('org_plans').select('plan').where('org_id', '=', orgId).executeTakeFirst();
    return row && this.limits.has(row.plan) ? row.plan : this.defaultPlan;
  }
}

export function quotaExceeded(quota: Quota): AppError {
  const date = quota.resets_at ? formatLongDate(new Date(quota.resets_at)) : null;
  const detail = date ? `Upload limit reached for this cycle. Resets on ${date}.` : 'Upload limit reached for this cycle. Resets on the next cycle.';
  return new AppError(ErrorCode.QUOTA_EXCEEDED, { detail, extensions: { reason: 'quota_exceeded', quota } });
}

function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}
