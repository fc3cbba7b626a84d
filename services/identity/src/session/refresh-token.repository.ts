// Refresh tokens: 32 random bytes (base64url) in the cookie, only their SHA-256 stored.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../data/database.ts';
import type { RefreshToken } from '../data/token.table.ts';

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');

export async function insertRefreshToken(db: Db, input: { userId: string; familyId?: string; expiresAt: Date }): Promise<{ id: string; token: string; familyId: string }> {
  const token = newOpaqueToken();
  const id = randomUUID();
  const familyId = input.familyId ?? randomUUID();
  await db.insertInto('refresh_tokens').values({ id, family_id: familyId, user_id: input.userId, token_hash: hashToken(token), expires_at: input.expiresAt }).execute();
  return { id, token, familyId };
}

/** The row for a presented token, locked for the rest of the transaction. */
export async function findForUpdate(db: Db, token: string): Promise<RefreshToken | undefined> {
  return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(token)).forUpdate().executeTakeFirst();
}

export async function markUsed(db: Db, id: string, replacedBy: string, now: Date): Promise<void> {
  await db.updateTable('refresh_tokens').set({ used_at: now, replaced_by: replacedBy }).where('id', '=', id).execute();
}

export async function revokeFamily(db: Db, familyId: string, reason: string, now: Date): Promise<number> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
