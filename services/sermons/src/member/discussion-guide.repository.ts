// The discussion guide of a sermon (one row per sermon, scoped by organization).
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { SermonsRow } from '../data/sermons.table.ts';
import type { DiscussionGuide, MemberDb } from './member.tables.ts';

type Executor = Kysely<MemberDb> | Transaction<MemberDb>;

export async function upsertDiscussionGuide(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>, guide: DiscussionGuide): Promise<void> {
  const json = JSON.stringify(guide);
  await db
    .insertInto('discussion_guides')
    .values({ sermon_id: sermon.id, org_id: sermon.org_id, guide: json })
    .onConflict((c) => c.column('sermon_id').doUpdateSet({ guide: json, updated_at: sql`now()` }))
    .execute();
}

export async function findDiscussionGuide(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>): Promise<DiscussionGuide | null> {
  const row = await db.selectFrom('discussion_guides').select('guide').where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst();
  return row?.guide ?? null;
}
