// The scheduling behind a worker that drains a table of due rows (the outbox relay, the comms mail
// dispatcher): one pass at a time, a kick during a pass runs another right after it, a poll timer
// as the fallback wake-up, and a timer for retrying after a back-off.

/** What a pass found: `more` (a full batch: go again at once), `idle`, or `backoff` (stop until a timer or kick). */
export type DrainPassResult = 'more' | 'idle' | 'backoff';

export interface DrainLoopOptions {
  pass: () => Promise<DrainPassResult>;
  pollMs: number;
  /** After passes that ended with nothing left to do (not after a back-off). */
  onIdle?: () => Promise<void>;
}

export class DrainLoop {
  readonly #o: DrainLoopOptions;
  #pollTimer: NodeJS.Timeout | undefined;
  #retryTimer: NodeJS.Timeout | undefined;
  #draining: Promise<void> | undefined;
  #again = false;
  #running = false;

  constructor(options: DrainLoopOptions) {
    this.#o = options;
  }

  get running(): boolean {
    return this.#running;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    this.#pollTimer = setInterval(() => this.kick(), this.#o.pollMs);
    this.#pollTimer.unref();
    this.kick();
  }

  /** Drain now, or right after the pass in progress. Ignored until started. */
  kick(): void {
    if (!this.#running) return;
    if (this.#draining) {
      this.#again = true;
      return;
    }
    this.#draining = this.#drain().finally(() => {
      this.#draining = undefined;
    });
  }

  /** Kick after `ms` (replaces a retry already scheduled). */
  kickIn(ms: number): void {
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => this.kick(), ms);
    this.#retryTimer.unref();
  }

  /** Resolves when no pass is in progress. */
  async flush(): Promise<void> {
    while (this.#draining) await this.#draining;
  }

  /** No new pass starts; resolves once the one in progress has ended. */
  async stop(): Promise<void> {
    this.#running = false;
    clearInterval(this.#pollTimer);
    clearTimeout(this.#retryTimer);
    await this.flush();
  }

  async #drain(): Promise<void> {
    let result: DrainPassResult;
    do {
      this.#again = false;
      result = await this.#o.pass();
      if (result === 'backoff') return;
    } while ((result === 'more' || this.#again) && this.#running);
    await this.#o.onIdle?.();
  }
}
