// Ending a user's access tokens before they expire (password reset, member deactivated): the
// user's token version rises and every refresh family is revoked, in the caller's transaction.
// Each identity instance reads the list of recently raised versions at most every
// TOKEN_REVOCATIONS_MAX_AGE_MS (and the instance that made the change at once); other services
// read the same list from /.well-known/token-revocations.json (kit auth, every 5 s).
import { revocationKey, TokenRevocations } from '@lectern/service-kit';
import { sql } from 'kysely';
import type { Db } from '../data/database.ts';

/** Bound on how long another identity instance may still accept a revoked access token. */
export const TOKEN_REVOCATIONS_MAX_AGE_MS = 2_000;
/** Extra time kept on the list beyond a token's lifetime (clock skew between services). */
const LIST_MARGIN_SEC = 60;

export type RevocationReason = 'password-reset' | 'deactivated';

export async function revokeUserTokens(db: Db, userId: string, reason: RevocationReason, now = new Date()): Promise<void> {
  await db.updateTable('users').set({ token_version: sql<number>`token_version + 1`, tokens_revoked_at: now }).where('id', '=', userId).execute();
  await db.updateTable('refresh_tokens').set({ revoked_at: now, revoked_reason: reason }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

/** Users whose version rose within one token lifetime: revocation key → lowest valid version. */
export async function recentRevocations(db: Db, accessTokenTtlSec: number): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'token_version'])
    .where('tokens_revoked_at', '>', sql<Date>`now() - make_interval(secs => ${accessTokenTtlSec + LIST_MARGIN_SEC})`)
    .execute();
  return Object.fromEntries(rows.map((row) => [revocationKey(row.id), row.token_version]));
}

export function identityRevocations(db: () => Db, accessTokenTtlSec: number, onLoadError: (error: unknown) => void): TokenRevocations {
  return new TokenRevocations({ load: () => recentRevocations(db(), accessTokenTtlSec), maxAgeMs: TOKEN_REVOCATIONS_MAX_AGE_MS, onLoadError });
}
