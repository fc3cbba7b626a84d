// Member rows, always scoped to one organization.
import { sql } from 'kysely';
import type { Db } from '../data/database.ts';
import type { Member } from '../data/member.table.ts';
import { searchPattern, type MemberFilters } from './member.rules.ts';

/** Every column a member view needs (not the search text). */
export const MEMBER_COLUMNS = ['id', 'org_id', 'user_id', 'first_name', 'last_name', 'email', 'phone', 'role', 'status', 'source', 'external_id', 'created_at', 'updated_at'] as const;

function filtered(db: Db, orgId: string, filters: MemberFilters) {
  let query = db.selectFrom('members').where('org_id', '=', orgId);
  if (filters.role) query = query.where('role', '=', filters.role);
  if (filters.status) query = query.where('status', '=', filters.status);
  // search_text is "first last\nemail" lower-cased and trigram-indexed (migration 202611240000).
  if (filters.search?.trim()) query = query.where('search_text', 'like', searchPattern(filters.search));
  return query;
}

/**
 * Newest first (spec §7), one page, with the total the count line shows. The total is an
 * uncorrelated subquery (computed once, counting without reading the rows), so the page itself
 * stops after `limit` rows of the (org, created_at) index instead of sorting every match.
 */
export async function listMembers(db: Db, orgId: string, filters: MemberFilters, page: { limit: number; offset: number }): Promise<{ items: Member[]; total: number }> {
  const rows = await filtered(db, orgId, filters)
    .select(MEMBER_COLUMNS)
    .select(() => filtered(db, orgId, filters).select(sql<number>`count(*)::int`.as('n')).as('total'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length === 0 && page.offset > 0) {
    const count = await filtered(db, orgId, filters).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return { items: [], total: count.n };
  }
  return { items: rows.map(({ total: _total, ...member }) => member), total: Number(rows[0]?.total ?? 0) };
}

/** Every matching row, newest first, streamed in batches (export). */
export async function* allMembers(db: Db, orgId: string, filters: MemberFilters, batch = 1000): AsyncGenerator<Member[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await filtered(db, orgId, filters).select(MEMBER_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).offset(offset).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

export async function findMember(db: Db, orgId: string, id: string): Promise<Member | undefined> {
  return db.selectFrom('members').select(MEMBER_COLUMNS).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export async function findMemberByEmail(db: Db, orgId: string, email: string): Promise<Member | undefined> {
  return db.selectFrom('members').select(MEMBER_COLUMNS).where('org_id', '=', orgId).where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).executeTakeFirst();
}
