// One slow-machine factor for every test wait: the shared Jest config multiplies each
// package's test timeout by it, and tests scale their waits on processes and infrastructure with
// `patience(ms)`. The base figures are what this repository's 2-core CI machine needs at a load of
// up to 4 per core; when LECTERN_TEST_TIME_FACTOR is not set, a busier machine (a benchmark or
// other engineers' tests beside these) gets a factor that follows its load (ADR 0028). Setting the
// variable fixes the factor (1 restores the base figures). Not for speed assertions: benchmarks
// measure those.
import { availableParallelism, loadavg } from 'node:os';

export const TEST_TIME_FACTOR_VARIABLE = 'LECTERN_TEST_TIME_FACTOR';

/** The load per core up to which the base figures hold (CI runs ran green at load 0-9 on 2 cores). */
const BASE_LOAD_PER_CORE = 4;
/** The most the load alone raises the factor to. */
const MAX_LOAD_FACTOR = 5;

/** The factor a machine's 1-minute load asks for: 1 up to BASE_LOAD_PER_CORE per core, then in proportion, at most 5. */
export function loadFactor(load1 = loadavg()[0] ?? 0, cores = availableParallelism()): number {
  return Math.round(Math.min(MAX_LOAD_FACTOR, Math.max(1, load1 / (BASE_LOAD_PER_CORE * cores))) * 10) / 10;
}

// Read once per process: a test's own waits and its Jest time-out should agree.
let measured: number | undefined;

/**
 * LECTERN_TEST_TIME_FACTOR as a number from 1 to 20; when unset or empty, the machine's load
 * factor (measured once per process). Anything else is refused with one clear line.
 */
export function testTimeFactor(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[TEST_TIME_FACTOR_VARIABLE]?.trim();
  if (!raw) return (measured ??= loadFactor());
  const factor = Number(raw);
  if (!Number.isFinite(factor) || factor < 1 || factor > 20) {
    throw new Error(`${TEST_TIME_FACTOR_VARIABLE} must be a number from 1 to 20 (how much slower than the CI machine this one is), got "${raw}"`);
  }
  return factor;
}

/** `ms` scaled by the run's time factor: how long a test may wait for something slow to happen. */
export function patience(ms: number, env: NodeJS.ProcessEnv = process.env): number {
  return Math.round(ms * testTimeFactor(env));
}
