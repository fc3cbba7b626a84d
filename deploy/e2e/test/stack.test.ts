// The journeys' stack start-up, given up half-way (a set-up that Jest timed out, a service that
// never became ready), stops every process it had started.
import { expect, test } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { patience, processTable } from '@lectern/local-stack/testing';
import { startStack } from './stack.helpers.ts';

/** This process's children that run a service (`services/<name>/src/server.ts`), zombies excluded. */
function runningServiceChildren(): string[] {
  return processTable()
    .filter((entry) => entry.ppid === process.pid && entry.state !== 'Z')
    .flatMap((entry) => {
      try {
        const command = readFileSync(`/proc/${entry.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return /services\/\w+\/src\/server\.ts/.test(command) ? [`${entry.pid}: ${command}`] : [];
      } catch {
        return []; // exited meanwhile
      }
    });
}

test('a start-up given up once the services run stops every one of them and rejects with the reason', async () => {
  const startUp = new AbortController();
  const starting = startStack({ signal: startUp.signal });
  const rejected = starting.then(
    () => 'started',
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
  const deadline = Date.now() + patience(180_000); // a private infrastructure starts first when run alone
  while (runningServiceChildren().length < 2 && Date.now() < deadline) await sleep(50);
  expect(runningServiceChildren()).toHaveLength(2); // identity and comms, still starting

  startUp.abort(new Error('given up by the test'));
  expect(await rejected).toBe('given up by the test');
  expect(runningServiceChildren()).toEqual([]);
});
