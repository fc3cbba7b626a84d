import type { Invite } from '../domain/invite.rules.ts';
import type { Db } from '../data/database.ts';

const columns = ['i.id', 'i.email', 'i.role', 'i.org_id', 'i.created_at', 'i.expires_at', 'i.used_at', 'o.name as organization_name'] as const;

function toInvite(row: { id: string; email: string; role: string; org_id: string; created_at: Date; expires_at: Date; used_at: Date | null; organization_name: string | null }): Invite {
  return { id: row.id, email: row.email, role: row.role, orgId: row.org_id, organizationName: row.organization_name, createdAt: row.created_at, expiresAt: row.expires_at, usedAt: row.used_at };
}

/** The invite with its organization's name (the signup page shows it). */
export async function findInviteWithOrganization(db: Db, id: string): Promise<Invite | undefined> {
  const row = await db.selectFrom('invite_tokens as i').innerJoin('organizations as o', 'o.id', 'i.org_id').select(columns).where('i.id', '=', id).executeTakeFirst();
  return row ? toInvite(row) : undefined;
}

/** Pending invites of one organization, newest first (filtered in SQL, same rule as inviteStatus). */
export async function listPendingInvites(db: Db, orgId: string, now: Date): Promise<Invite[]> {
  const rows = await db
    .selectFrom('invite_tokens as i')
    .innerJoin('organizations as o', 'o.id', 'i.org_id')
    .select(columns)
    .where('i.org_id', '=', orgId)
    .where('i.used_at', 'is', null)
    .where('i.expires_at', '>', now)
    .orderBy('i.created_at', 'desc')
    .orderBy('i.id', 'desc')
    .execute();
  return rows.map(toInvite);
}
