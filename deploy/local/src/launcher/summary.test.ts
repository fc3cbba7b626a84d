import { describe, test } from '@jest/globals';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../support/paths.ts';
import { closingLine, readTotals, type RunTotals } from './summary.ts';

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
