import { afterEach, beforeEach, describe, test } from '@jest/globals';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/paths.ts';
import { closingLine, closingLines, readTotals, type RunTotals } from './summary.ts';
import TotalsReporter from './totals.reporter.ts';

const fixture = path.join(repoRoot, 'deploy/local/test/fixtures/jest-totals');

function withResultsDir<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-totals-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('npm test totals', () => {
  test('adds up every run in the results folder; a file that could not run counts as a failure', () => {
    withResultsDir((dir) => {
      const runs: RunTotals[] = [
        { rootDir: '/a', passed: 10, failed: 1, skipped: 2, brokenFiles: 0, files: 3 },
        { rootDir: '/b', passed: 5, failed: 0, skipped: 0, brokenFiles: 2, files: 4 },
      ];
      runs.forEach((run, i) => writeFileSync(path.join(dir, `run${i}.json`), JSON.stringify(run)));
      const totals = readTotals(dir);
      assert.deepEqual(totals, { passed: 15, failed: 3, skipped: 2, runs: 2, failures: [] });
      assert.equal(closingLine(totals), '15 passed, 3 failed, 2 skipped');
    });
  });

  test('an empty or missing folder gives zero totals', () => {
    assert.deepEqual(readTotals(path.join(tmpdir(), 'lectern-no-such-dir')), { passed: 0, failed: 0, skipped: 0, runs: 0, failures: [] });
  });

  test('a real Jest run with the repository setup reports its passes, failures, skips and a broken file', () => {
    withResultsDir((dir) => {
      const jest = path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js');
      const run = spawnSync(process.execPath, ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', jest, '--ci'], {
        cwd: fixture,
        encoding: 'utf8',
        env: { ...process.env, NODE_OPTIONS: '', LECTERN_TEST_RESULTS_DIR: dir },
        timeout: 120_000,
      });
      assert.equal(run.status, 1, `jest exits 1 on failures\n${run.stderr}`);
      assert.equal(readdirSync(dir).length, 1, 'one results file per run');
      // passing: 2 pass, 1 skip, 1 todo; failing: 1 pass, 1 fail; broken: 0 tests, 1 broken file
      const { failures, ...counts } = readTotals(dir);
      assert.deepEqual(counts, { passed: 3, failed: 2, skipped: 2, runs: 1 });
      // each failure named by file › test, then its message
      assert.equal(failures.length, 2, failures.join('\n---\n'));
      assert.ok(failures.some((f) => f.startsWith('test/fixtures/jest-totals/failing.check.ts › fails\n')), failures.join('\n---\n'));
      assert.ok(failures.some((f) => f.includes('broken')), failures.join('\n---\n'));
    });
  }, 120_000);
});

// What `npm test` prints last is all CI keeps of a long run: a failed test must be named there.
describe('the end of npm test', () => {
  const fakeRoot = '/repo';
  let resultsDir: string;
  const previous = process.env.LECTERN_TEST_RESULTS_DIR;

  beforeEach(() => {
    resultsDir = mkdtempSync(path.join(tmpdir(), 'lectern-summary-'));
    process.env.LECTERN_TEST_RESULTS_DIR = resultsDir;
  });

  afterEach(() => {
    rmSync(resultsDir, { recursive: true, force: true });
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

    const lines = closingLines(readTotals(resultsDir, fakeRoot));
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
    assert.deepEqual(closingLines(readTotals(resultsDir, fakeRoot)), [
      "failed: billing/test/x.test.ts › (the file did not run)\n    Cannot find module './gone.ts'",
      '0 passed, 1 failed, 0 skipped',
    ]);
  });

  test('a green run ends with the closing line alone', () => {
    new TotalsReporter({ rootDir: '/repo/identity' }).onRunComplete(undefined, { ...counts, numPassedTests: 2, numPendingTests: 1, testResults: [] });
    assert.deepEqual(closingLines(readTotals(resultsDir, fakeRoot)), ['2 passed, 0 failed, 1 skipped']);
  });
});
