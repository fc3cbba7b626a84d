import { setTimeout as sleep } from 'node:timers/promises';

/** Poll `probe` until it returns true, or fail with `what` after `timeoutMs`. */
export async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
