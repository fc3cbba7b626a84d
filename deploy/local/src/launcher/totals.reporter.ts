// A Jest reporter that leaves each run's totals where `npm test` adds them up: with
// LECTERN_TEST_RESULTS_DIR set, one JSON file per run (package) in that folder. Jest loads it
// from jest.base.js; without the variable it does nothing.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FailedTest, RunTotals } from './summary.ts';

interface AssertionResult {
  fullName: string;
  status: string;
  failureMessages: string[];
}

interface FileResult {
  testFilePath: string;
  testResults: AssertionResult[];
  testExecError?: { message?: string } | null;
  failureMessage?: string | null;
}

interface AggregatedResult {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numRuntimeErrorTestSuites: number;
  numTotalTestSuites: number;
  testResults: FileResult[];
}

export default class TotalsReporter {
  private readonly rootDir: string;

  constructor(globalConfig: { rootDir: string }) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts: unknown, results: AggregatedResult): void {
    const dir = process.env.LECTERN_TEST_RESULTS_DIR;
    if (!dir) return;
    const totals: RunTotals = {
      rootDir: this.rootDir,
      passed: results.numPassedTests,
      failed: results.numFailedTests,
      skipped: results.numPendingTests + results.numTodoTests,
      // a file that could not run (an import error, a crash) has no tests to count
      brokenFiles: results.numRuntimeErrorTestSuites,
      files: results.numTotalTestSuites,
      failures: failuresOf(results.testResults ?? []),
    };
    mkdirSync(dir, { recursive: true });
    const name = `${this.rootDir.replace(/[^a-zA-Z0-9]+/g, '_')}.${process.pid}.json`;
    writeFileSync(path.join(dir, name), JSON.stringify(totals));
  }
}

function failuresOf(files: FileResult[]): FailedTest[] {
  return files.flatMap((file) => {
    const failed = file.testResults
      .filter((test) => test.status === 'failed')
      .map((test) => ({ file: file.testFilePath, test: test.fullName, message: test.failureMessages.join('\n') }));
    if (failed.length > 0 || !(file.testExecError || (file.failureMessage && file.testResults.length === 0))) return failed;
    return [{ file: file.testFilePath, test: '(the file did not run)', message: file.testExecError?.message ?? file.failureMessage ?? '' }];
  });
}
