import { setTimeout as sleep } from 'node:timers/promises';

interface WarnLogger {
  warn(obj: object, msg: string): void;
}

/** Call `start` until it succeeds or `signal` aborts, backing off up to 10 s between attempts. */
export async function retryUntilStopped(start: () => Promise<void>, signal: AbortSignal, log: WarnLogger, what: string): Promise<void> {
  for (let attempt = 1; !signal.aborted; attempt += 1) {
    try {
      await start();
      return;
    } catch (error) {
      if (signal.aborted) return;
      const waitMs = Math.min(10_000, 250 * 2 ** attempt);
      log.warn({ err: error, attempt, waitMs }, `${what} could not start, retrying`);
      await sleep(waitMs, undefined, { signal }).catch(() => {});
    }
  }
}
