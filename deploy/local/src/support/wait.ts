import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Polls `probe` until it resolves truthy or the time is up. `alive` lets the caller stop early
 * when the process it waits for has already died (its log says why).
 */
export async function waitUntil(
  label: string,
  probe: () => Promise<boolean>,
  options: { timeoutMs: number; intervalMs?: number; alive?: () => string | undefined },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError: unknown;
  for (;;) {
    const dead = options.alive?.();
    if (dead) throw new Error(`${label}: ${dead}`);
    try {
      if (await probe()) return;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const reason = lastError instanceof Error ? `: ${lastError.message}` : '';
      throw new Error(`${label} did not become healthy within ${Math.round(options.timeoutMs / 1000)} s${reason}`);
    }
    await sleep(options.intervalMs ?? 250);
  }
}

export function seconds(sinceMs: number): string {
  return `${((Date.now() - sinceMs) / 1000).toFixed(1)} s`;
}
