import { afterEach, beforeEach, test } from '@jest/globals';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closingLines, readTotals } from '../src/launcher/summary.ts';
import TotalsReporter from '../src/launcher/totals.reporter.ts';

// What `npm test` prints last is all CI keeps of a long run: a failed test must be named there.

const repoRoot = '/repo';
let dir: string;
const previous = process.env.LECTERN_TEST_RESULTS_DIR;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'lectern-summary-'));
  process.env.LECTERN_TEST_RESULTS_DIR = dir;
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (previous === undefined) delete process.env.LECTERN_TEST_RESULTS_DIR;
  else process.env.LECTERN_TEST_RESULTS_DIR = previous;
});

const counts = { numPassedTests: 0, numFailedTests: 0, numPendingTests: 0, numTodoTests: 0, numRuntimeErrorTestSuites: 0, numTotalTestSuites: 1 };

test('a failed test is named at the end with the first lines of its message, colours removed', () => {
  new TotalsReporter({ rootDir: '/repo/workflows' }).onRunComplete(undefined, {
    ...counts,
    numPassedTests: 1,
    numFailedTests: 1,
    testResults: [{
      testFilePath: '/repo/workflows/test/pipeline.test.ts',
      testResults: [
        { fullName: 'the pipeline passes', status: 'passed', failureMessages: [] },
        { fullName: 'the pipeline stops mid-step', status: 'failed', failureMessages: ['\u001b[31mAssertionError [ERR_ASSERTION]: expected CANCELED\u001b[39m\n\n    at stop (test/pipeline.test.ts:40:3)\n' + 'line\n'.repeat(20)] },
      ],
    }],
  });
  new TotalsReporter({ rootDir: '/repo/identity' }).onRunComplete(undefined, { ...counts, numPassedTests: 3, testResults: [] });

  const lines = closingLines(readTotals(dir, repoRoot));
  assert.equal(lines.at(-1), '4 passed, 1 failed, 0 skipped');
  assert.equal(lines.length, 2);
  const [failure] = lines;
  const shown = failure!.split('\n');
  assert.equal(shown[0], 'failed: workflows/test/pipeline.test.ts › the pipeline stops mid-step');
  assert.equal(shown[1], '    AssertionError [ERR_ASSERTION]: expected CANCELED');
  assert.equal(shown[2], '        at stop (test/pipeline.test.ts:40:3)');
  assert.equal(shown.length, 1 + 8);
});

test('a file that could not run is named as such and counted as failed', () => {
  new TotalsReporter({ rootDir: '/repo/billing' }).onRunComplete(undefined, {
    ...counts,
    numRuntimeErrorTestSuites: 1,
    testResults: [{ testFilePath: '/repo/billing/test/x.test.ts', testResults: [], testExecError: { message: "Cannot find module './gone.ts'" }, failureMessage: 'Test suite failed to run' }],
  });
  assert.deepEqual(closingLines(readTotals(dir, repoRoot)), [
    "failed: billing/test/x.test.ts › (the file did not run)\n    Cannot find module './gone.ts'",
    '0 passed, 1 failed, 0 skipped',
  ]);
});

test('a green run ends with the closing line alone', () => {
  new TotalsReporter({ rootDir: '/repo/identity' }).onRunComplete(undefined, { ...counts, numPassedTests: 2, numPendingTests: 1, testResults: [] });
  assert.deepEqual(closingLines(readTotals(dir, repoRoot)), ['2 passed, 0 failed, 1 skipped']);
});
