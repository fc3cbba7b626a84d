// Adds up the totals every Jest run of `npm test` left in the results folder (totals.reporter.ts).
// A test file that could not run at all counts as one failed test, so a broken import cannot
// pass for green.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface RunTotals {
  rootDir: string;
  passed: number;
  failed: number;
  skipped: number;
  brokenFiles: number;
  files: number;
}

export interface TestTotals {
  passed: number;
  failed: number;
  skipped: number;
  runs: number;
}

export function readTotals(dir: string): TestTotals {
  const totals: TestTotals = { passed: 0, failed: 0, skipped: 0, runs: 0 };
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
  }
  return totals;
}

/** The plain closing line CI reads. */
export function closingLine(totals: TestTotals): string {
  return `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
}
