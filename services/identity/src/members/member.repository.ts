// Member rows, always scoped to one organization.
import { sql } from 'kysely';
import type { Db } from '../data/database.ts';
import type { Member } from '../data/member.table.ts';
import { searchPattern, type MemberFilters } from './member.rules.ts';

function filtered(db: Db, orgId: string, filters: MemberFilters) {
  let query = db.selectFrom('members').where('org_id', '=', orgId);
  if (filters.role) query = query.where('role', '=', filters.role);
  if (filters.status) query = query.where('status', '=', filters.status);
  if (filters.search?.trim()) {
    const pattern = searchPattern(filters.search);
    query = query.where(sql<boolean>`(lower(first_name || ' ' || last_name) like ${pattern} or lower(email) like ${pattern})`);
  }
  return query;
}

/** Newest first (spec §7), one page, with the total the count line shows (one scan: the total rides on each row). */
export async function listMembers(db: Db, orgId: string, filters: MemberFilters, page: { limit: number; offset: number }): Promise<{ items: Member[]; total: number }> {
  const rows = await filtered(db, orgId, filters)
    .selectAll()
    .select(sql<number>`(count(*) over ())::int`.as('total'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (rows.length === 0 && page.offset > 0) {
    const count = await filtered(db, orgId, filters).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return { items: [], total: count.n };
  }
  return { items: rows.map(({ total: _total, ...member }) => member), total: rows[0]?.total ?? 0 };
}

/** Every matching row, newest first, streamed in batches (export). */
export async function* allMembers(db: Db, orgId: string, filters: MemberFilters, batch = 1000): AsyncGenerator<Member[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await filtered(db, orgId, filters).selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(batch).offset(offset).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
  }
}

export async function findMember(db: Db, orgId: string, id: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export async function findMemberByEmail(db: Db, orgId: string, email: string): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('org_id', '=', orgId).where(sql<boolean>`lower(email) = ${email.toLowerCase()}`).executeTakeFirst();
}
