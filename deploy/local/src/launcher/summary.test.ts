import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countLine, createTotals } from './summary.ts';

test('adds up the node:test summaries of every package in turbo output', () => {
  const totals = createTotals();
  for (const line of [
    '@lectern/identity-service:test: ℹ tests 12',
    '@lectern/identity-service:test: ℹ pass 11',
    '@lectern/identity-service:test: ℹ fail 1',
    '@lectern/identity-service:test: ℹ cancelled 2',
    '\u001b[36m@lectern/edge:test: \u001b[0mℹ pass 4',
    '@lectern/edge:test: ℹ fail 0',
    '@lectern/workflows:test: # pass 2',
    '@lectern/workflows:test: # fail 0',
    '@lectern/edge:test: ✔ passes when pass 3 is in a name (1ms)',
  ]) countLine(totals, line);
  assert.deepEqual(totals, { passed: 17, failed: 3, runs: 3 });
});
