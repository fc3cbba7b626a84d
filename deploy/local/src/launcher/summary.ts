// Adds up the closing summaries of every node:test run in turbo's output (spec reporter lines
// "ℹ pass 3" / "ℹ fail 0" / "ℹ cancelled 1", or the TAP reporter's "# pass 3"), whatever prefix
// turbo puts before them. A cancelled test (a file whose run never finished) counts as failed.

export interface TestTotals {
  passed: number;
  failed: number;
  runs: number;
}

const pattern = /(?:ℹ|#) (pass|fail|cancelled) (\d+)\s*$/;

export function createTotals(): TestTotals {
  return { passed: 0, failed: 0, runs: 0 };
}

export function countLine(totals: TestTotals, line: string): void {
  // eslint-disable-next-line no-control-regex
  const plain = line.replace(/\u001b\[[0-9;]*m/g, '');
  const match = pattern.exec(plain);
  if (!match) return;
  const n = Number(match[2]);
  if (match[1] === 'pass') {
    totals.passed += n;
    totals.runs += 1;
  } else totals.failed += n;
}
