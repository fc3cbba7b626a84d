// One slow-machine factor for every test wait: the shared Jest config multiplies each
// package's test timeout by it, and tests scale their waits on processes and infrastructure with
// `patience(ms)`. The base figures are what this repository's 2-core CI machine needs; a slower or
// busier machine (a benchmark running beside the tests) sets LECTERN_TEST_TIME_FACTOR=2 instead
// of raising numbers one by one. Not for speed assertions: benchmarks measure those.

export const TEST_TIME_FACTOR_VARIABLE = 'LECTERN_TEST_TIME_FACTOR';

/** LECTERN_TEST_TIME_FACTOR as a number ≥ 1 (default 1); anything else is refused with one clear line. */
export function testTimeFactor(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[TEST_TIME_FACTOR_VARIABLE]?.trim();
  if (!raw) return 1;
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
