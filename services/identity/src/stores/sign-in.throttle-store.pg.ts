// The sign-in throttle's counters in Postgres: one row per key, incremented under a row lock so
// concurrent attempts are counted exactly.
import type { AttemptCounter, ThrottleStore } from '../domain/sign-in.throttle.ts';
import type { Db } from '../data/database.ts';

export class PgThrottleStore implements ThrottleStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async get(key: string): Promise<AttemptCounter | null> {
    const row = await this.#db.selectFrom('sign_in_attempts').select(['count', 'last_at']).where('key', '=', key).executeTakeFirst();
    return row && row.count > 0 ? { count: row.count, lastAt: row.last_at.getTime() } : null;
  }

  async increment(key: string, now: number, resetAfterMs: number): Promise<{ before: AttemptCounter | null; after: AttemptCounter }> {
    // Make sure the row exists, then lock it: concurrent attempts on one key queue up here and
    // each sees the count left by the one before it. A concurrent success (decrement, clear) may
    // delete the row between the two statements: then make it again.
    return this.#db.transaction().execute(async (trx) => {
      let row: { count: number; last_at: Date } | undefined;
      while (!row) {
        await trx.insertInto('sign_in_attempts').values({ key, count: 0, last_at: new Date(0) }).onConflict((oc) => oc.column('key').doNothing()).execute();
        row = await trx.selectFrom('sign_in_attempts').select(['count', 'last_at']).where('key', '=', key).forUpdate().executeTakeFirst();
      }
      const fresh = row.count === 0 || now - row.last_at.getTime() > resetAfterMs;
      const before = fresh ? null : { count: row.count, lastAt: row.last_at.getTime() };
      const after = { count: fresh ? 1 : row.count + 1, lastAt: now };
      await trx.updateTable('sign_in_attempts').set({ count: after.count, last_at: new Date(now) }).where('key', '=', key).execute();
      return { before, after };
    });
  }

  async decrement(key: string): Promise<void> {
    await this.#db.deleteFrom('sign_in_attempts').where('key', '=', key).where('count', '<=', 1).execute();
    await this.#db.updateTable('sign_in_attempts').set((eb) => ({ count: eb('count', '-', 1) })).where('key', '=', key).where('count', '>', 1).execute();
  }

  async clear(key: string): Promise<void> {
    await this.#db.deleteFrom('sign_in_attempts').where('key', '=', key).execute();
  }
}
