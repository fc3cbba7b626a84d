// Adds up the totals every Jest run of `npm test` left in the results folder (totals.reporter.ts).
// A test file that could not run at all counts as one failed test, so a broken import cannot
// pass for green.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface FailedTest {
  file: string;
  test: string;
  message: string;
}

export interface RunTotals {
  rootDir: string;
  passed: number;
  failed: number;
  skipped: number;
  brokenFiles: number;
  files: number;
  failures?: FailedTest[];
}

export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
  runs: number;
  /** Each failed test: `path › name` (path from the repository root), then its message's first lines. */
  failures: string[];
}

export function readTotals(dir: string, repoRoot = process.cwd()): TestTotals {
  const totals: TestTotals = { passed: 0, failed: 0, skipped: 0, runs: 0, failures: [] };
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return totals;
  }
  for (const name of names) {
    const run = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as RunTotals;
    totals.passed += run.passed;
    totals.failed += run.failed + run.brokenFiles;
    totals.skipped += run.skipped;
    totals.runs += 1;
    for (const failure of run.failures ?? []) totals.failures.push(describeFailure(failure, repoRoot));
  }
  return totals;
}

/** Lines of a failure's message shown at the end of the run (where it happened is in the package's output above). */
const MESSAGE_LINES = 8;

/** `path › name`, then the first lines of Jest's message, plain (its ANSI colours removed) and indented. */
function describeFailure({ file, test, message }: FailedTest, repoRoot: string): string {
  // eslint-disable-next-line no-control-regex
  const plain = message.replace(/\u001b\[[0-9;]*m/g, '');
  const lines = plain.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim().length > 0);
  const shown = lines.slice(0, MESSAGE_LINES).map((line) => `    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  return [`${path.relative(repoRoot, file)} › ${test}`, ...shown].join('\n');
}

/**
 * What CI shows last: each failed test (CI keeps only the tail of a long log, so the names must be
 * there and not only in the package's own output far above), then the plain closing line.
 */
export function closingLines(totals: TestTotals): string[] {
  return [...totals.failures.map((failure) => `failed: ${failure}`), closingLine(totals)];
}

/** The plain closing line CI reads. */
export function closingLine(totals: TestTotals): string {
  return `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
}
