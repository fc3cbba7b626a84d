// Every query of the sermons' own tables (sermons, sermon_progress, transcripts, outlines,
// devotionals). Functions take the executor (the pool or a transaction) so a use case decides
// what shares a transaction; staff-facing reads are scoped by organization.
import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { SermonsDb } from './database.ts';
import type { DevotionalRow } from './content.tables.ts';
import type { SermonProgressRow, SermonProgressUpdate } from './sermon-progress.table.ts';
import type { NewSermons, SermonsRow, SermonsUpdate } from './sermons.table.ts';

export type Executor = Kysely<SermonsDb> | Transaction<SermonsDb>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

const SUMMARY_COLUMNS = [
  'sermons.id', 'sermons.org_id', 'sermons.title', 'sermons.speaker', 'sermons.recorded_on', 'sermons.duration', 'sermons.status',
  'sermons.temporary_media_path', 'sermons.media_url', 'sermons.created_by', 'sermons.created_at', 'sermons.updated_at', 'sermons.published_at',
  'sermons.upload_key', 'sermons.upload_content_type', 'sermons.upload_size',
] as const;

/** The caller organization's sermon, or undefined (also for an id that is not a uuid). */
export async function findSermon(db: Executor, orgId: string, id: string): Promise<SermonsRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('sermons').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
}

/** Any organization's sermon: for the pipeline worker and the upload link, which carry no user. */
export async function findSermonAnyOrg(db: Executor, id: string): Promise<SermonsRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('sermons').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function sermonUsingMediaKey(db: Executor, key: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('sermons').select('id').where((eb) => eb.or([eb('temporary_media_path', '=', key), eb('upload_key', '=', key)])).executeTakeFirst();
}

export interface LibraryRow extends SermonsRow {
  upload_pct: number | null;
  transcribe_pct: number | null;
  outline_pct: number | null;
  devotion_pct: number | null;
  current_step: SermonProgressRow['current_step'] | null;
  progress_status: SermonProgressRow['status'] | null;
}

/** One page of the organization's sermons with their progress, newest first; one row more than `limit` tells there is a next page. */
export async function listSermonPage(db: Executor, orgId: string, limit: number, after: { createdAt: string; id: string } | null): Promise<LibraryRow[]> {
  let query = db
    .selectFrom('sermons')
    .leftJoin('sermon_progress', 'sermon_progress.sermon_id', 'sermons.id')
    .select([...SUMMARY_COLUMNS, 'sermon_progress.upload_pct', 'sermon_progress.transcribe_pct', 'sermon_progress.outline_pct', 'sermon_progress.devotion_pct', 'sermon_progress.current_step', 'sermon_progress.status as progress_status'])
    .where('sermons.org_id', '=', orgId)
    .orderBy('sermons.created_at', 'desc')
    .orderBy('sermons.id', 'desc')
    .limit(limit + 1);
  if (after) query = query.where(sql<boolean>`(sermons.created_at, sermons.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  return (await query.execute()) as unknown as LibraryRow[];
}

export async function countSermons(db: Executor, orgId: string, monthStart: Date) {
  return db
    .selectFrom('sermons')
    .select([
      sql<number>`count(*)::int`.as('total'),
      sql<number>`(count(*) filter (where status = 'PUBLISHED'))::int`.as('published'),
      sql<number>`(count(*) filter (where status = 'PROCESSING'))::int`.as('processing'),
      sql<number>`(count(*) filter (where created_at >= ${monthStart}))::int`.as('thisMonth'),
    ])
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow();
}

export async function insertSermon(db: Executor, values: NewSermons): Promise<SermonsRow> {
  return db.insertInto('sermons').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts under a caller-chosen id; undefined when that id exists already. */
export async function insertSermonOnce(db: Executor, values: NewSermons & { id: string }): Promise<SermonsRow | undefined> {
  return db.insertInto('sermons').values(values).onConflict((c) => c.column('id').doNothing()).returningAll().executeTakeFirst();
}

export async function updateSermon(db: Executor, id: string, change: SermonsUpdate, onlyIn?: SermonsRow['status'][]): Promise<SermonsRow | undefined> {
  let query = db.updateTable('sermons').set({ ...change, updated_at: sql`now()` }).where('id', '=', id);
  if (onlyIn) query = query.where('status', 'in', onlyIn);
  return query.returningAll().executeTakeFirst();
}

/** True when the row was there (and is gone now). */
export async function deleteSermon(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>): Promise<boolean> {
  const gone = await db.deleteFrom('sermons').where('id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

export async function findProgress(db: Executor, sermonId: string, options: { forUpdate?: boolean } = {}): Promise<SermonProgressRow | undefined> {
  const query = db.selectFrom('sermon_progress').selectAll().where('sermon_id', '=', sermonId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function upsertProgress(db: Executor, sermonId: string, change: SermonProgressUpdate): Promise<SermonProgressRow> {
  return db
    .insertInto('sermon_progress')
    .values({ sermon_id: sermonId, error_message: null, message: null, ...change } as never)
    .onConflict((c) => c.column('sermon_id').doUpdateSet({ ...change, updated_at: sql`now()` }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findTranscript(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>) {
  return db.selectFrom('transcripts').select(['text', 'words']).where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst();
}

/** The transcript's text only: the word timings are large for a long sermon and most readers never need them. */
export async function findTranscriptText(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>) {
  return db.selectFrom('transcripts').select(['text']).where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst();
}

export async function upsertTranscript(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>, text: string, words: unknown[]): Promise<void> {
  const json = JSON.stringify(words);
  await db
    .insertInto('transcripts')
    .values({ sermon_id: sermon.id, org_id: sermon.org_id, text, words: json })
    .onConflict((c) => c.column('sermon_id').doUpdateSet({ text, words: json, updated_at: sql`now()` }))
    .execute();
}

export async function findOutline(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>) {
  return db.selectFrom('outlines').select(['outline']).where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).executeTakeFirst();
}

export async function upsertOutline(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>, outline: Record<string, unknown>): Promise<void> {
  const json = JSON.stringify(outline);
  await db
    .insertInto('outlines')
    .values({ sermon_id: sermon.id, org_id: sermon.org_id, outline: json })
    .onConflict((c) => c.column('sermon_id').doUpdateSet({ outline: json, updated_at: sql`now()` }))
    .execute();
}

export async function listDevotionals(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>): Promise<DevotionalRow[]> {
  return db.selectFrom('devotionals').selectAll().where('sermon_id', '=', sermon.id).where('org_id', '=', sermon.org_id).orderBy('day_number').execute();
}

/** A devotional's writable columns, JSON columns already serialised. */
export interface DevotionalColumns {
  title: string;
  theme: string;
  opening_prayer: string;
  scripture_passage: string;
  reflection: string;
  closing_prayer: string;
  additional_scripture: string;
}

/** The organization's devotional changed; undefined when there is none with that id. */
export async function updateDevotional(db: Executor, orgId: string, id: string, change: DevotionalColumns): Promise<DevotionalRow | undefined> {
  if (!isUuid(id)) return undefined;
  return db.updateTable('devotionals').set({ ...change, updated_at: sql`now()` }).where('id', '=', id).where('org_id', '=', orgId).returningAll().executeTakeFirst();
}

export async function upsertDevotional(db: Executor, sermon: Pick<SermonsRow, 'id' | 'org_id'>, dayNumber: number, columns: DevotionalColumns): Promise<void> {
  await db
    .insertInto('devotionals')
    .values({ sermon_id: sermon.id, org_id: sermon.org_id, day_number: dayNumber, ...columns })
    .onConflict((c) => c.columns(['sermon_id', 'day_number']).doUpdateSet({ ...columns, updated_at: sql`now()` }))
    .execute();
}
