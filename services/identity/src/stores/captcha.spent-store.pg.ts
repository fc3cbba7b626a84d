// Single use of solved captchas, shared by every identity instance: insert-if-absent.
import type { SpentStore } from '../captcha/index.ts';
import type { Db } from '../data/database.ts';

export class PgSpentStore implements SpentStore {
  readonly #db: Db;
  #lastPrune = 0;

  constructor(db: Db) {
    this.#db = db;
  }

  async markSpent(id: string, expiresAt: Date): Promise<boolean> {
    const inserted = await this.#db
      .insertInto('captcha_spent')
      .values({ id, expires_at: expiresAt })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    await this.#pruneNow();
    return inserted !== undefined;
  }

  /** Expired rows can go: their challenge is refused for its expiry before the store is asked. */
  async #pruneNow(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPrune < 60_000) return;
    this.#lastPrune = now;
    await this.#db.deleteFrom('captcha_spent').where('expires_at', '<', new Date(now)).execute();
  }
}
