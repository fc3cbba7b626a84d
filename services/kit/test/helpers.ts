import { setTimeout as sleep } from 'node:timers/promises';
import { patience } from '../src/testing/index.ts';

/** Poll `probe` until it returns true, or fail with `what` after `timeoutMs` (scaled by the slow-machine factor). */
export async function waitFor(what: string, probe: () => Promise<boolean> | boolean, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const patient = patience(timeoutMs);
  const deadline = Date.now() + patient;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${patient} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
