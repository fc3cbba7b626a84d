import { sql } from 'kysely';
import type { Db } from '../data/database.ts';
import { SEAT_ROLES } from '../domain/seat.rules.ts';

/** Seats held in `orgId` (ADMIN, PASTOR, STAFF users). */
export async function countSeats(db: Db, orgId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('org_id', '=', orgId)
    .where('role', 'in', [...SEAT_ROLES] as ('ADMIN' | 'PASTOR' | 'STAFF')[])
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Locks the organization row for the rest of the transaction: seat checks of one organization run one at a time. */
export async function lockOrganization(db: Db, orgId: string): Promise<void> {
  await db.selectFrom('organizations').select('id').where('id', '=', orgId).forUpdate().execute();
}
