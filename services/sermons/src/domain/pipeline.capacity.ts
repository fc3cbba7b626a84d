// How many sermons the pipeline takes at once, fairly between churches (issue 12): a church is
// refused with 429 "busy" only when the pipeline holds SERMON_PIPELINE_CAPACITY sermons AND that
// church already has its fair share (the capacity divided by the churches with work in it, at
// least one). A church with nothing in the pipeline is never refused, so one church's bulk or
// stuck uploads cannot make every church busy. Uploads that were abandoned do not count (they
// expire: upload/upload.expiry.ts).
import { sql } from 'kysely';
import type { SermonsConfig } from '../config.ts';
import type { Executor } from '../data/sermon.repository.ts';
import { sermonErrors } from './sermon.errors.ts';

export type CapacityConfig = Pick<SermonsConfig, 'SERMON_PIPELINE_CAPACITY' | 'SERMON_UPLOAD_EXPIRY_MINUTES'>;

export interface PipelineLoad {
  /** this church's sermons in the pipeline */
  mine: number;
  /** every church's */
  total: number;
  /** churches other than this one with sermons in the pipeline */
  others: number;
}

/** An upload with no sign of life since this moment can never complete (link and upload time-outs). */
export function abandonedBefore(config: Pick<SermonsConfig, 'SERMON_UPLOAD_EXPIRY_MINUTES'>, now: Date): Date {
  return new Date(now.getTime() - config.SERMON_UPLOAD_EXPIRY_MINUTES * 60_000);
}

export async function pipelineLoad(db: Executor, orgId: string, config: CapacityConfig, now = new Date()): Promise<PipelineLoad> {
  const cutoff = abandonedBefore(config, now);
  const { rows } = await sql<PipelineLoad>`
    select count(*) filter (where s.org_id = ${orgId})::int as mine,
           count(*)::int as total,
           count(distinct s.org_id) filter (where s.org_id <> ${orgId})::int as others
      from sermons s
      left join sermon_progress p on p.sermon_id = s.id
     where s.status = 'PROCESSING'
       and (s.temporary_media_path is not null
            or s.upload_content_type is null
            or greatest(s.created_at, coalesce(p.updated_at, s.created_at)) > ${cutoff})`.execute(db);
  return rows[0] ?? { mine: 0, total: 0, others: 0 };
}

export function fairShare(capacity: number, load: Pick<PipelineLoad, 'others'>): number {
  return Math.max(1, Math.floor(capacity / (load.others + 1)));
}

/** Throws 429 busy when the pipeline is full and this church already has its fair share. */
export async function assertFairCapacity(db: Executor, orgId: string, config: CapacityConfig, now = new Date()): Promise<void> {
  const load = await pipelineLoad(db, orgId, config, now);
  if (load.total >= config.SERMON_PIPELINE_CAPACITY && load.mine >= fairShare(config.SERMON_PIPELINE_CAPACITY, load)) throw sermonErrors.busy();
}
