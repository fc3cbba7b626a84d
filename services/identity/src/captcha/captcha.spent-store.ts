// Single use of a solved captcha: the verifier records each accepted challenge here. The
// service backs this with Postgres (INSERT … ON CONFLICT DO NOTHING, rows pruned after expiry).

export interface SpentStore {
  /**
   * Atomically records `id` as spent until `expiresAt`. True when it was not spent before;
   * false when it already was (a replay).
   */
  markSpent(id: string, expiresAt: Date): Promise<boolean>;
}

/** Process-local store for tests and single-instance development. */
export class InMemorySpentStore implements SpentStore {
  readonly #entries = new Map<string, number>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async markSpent(id: string, expiresAt: Date): Promise<boolean> {
    const now = this.#now();
    this.#prune(now);
    if (this.#entries.has(id)) return false;
    this.#entries.set(id, expiresAt.getTime());
    return true;
  }

  get size(): number {
    return this.#entries.size;
  }

  #prune(now: number): void {
    for (const [id, expiresAt] of this.#entries) if (expiresAt <= now) this.#entries.delete(id);
  }
}
