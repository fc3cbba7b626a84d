// What `npm install --omit=dev -w services/<name>` (the service image's deps stage) installs,
// read from package-lock.json: the sermons API imports the workflow contract and the media probe,
// never the Temporal worker, so its image carries no native worker bridge (ADR 0023).
import assert from 'node:assert/strict';
import { describe, test } from '@jest/globals';
import { read } from './repo.support.ts';

interface LockPackage {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  link?: boolean;
  resolved?: string;
}

const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockPackage> };

/** Package names in the production closure of a workspace folder (workspace links followed). */
function productionClosure(folder: string): Set<string> {
  const names = new Set<string>();
  const visit = (entry: LockPackage | undefined): void => {
    for (const name of Object.keys({ ...entry?.dependencies, ...entry?.optionalDependencies })) {
      if (names.has(name)) continue;
      names.add(name);
      const installed = lock.packages[`node_modules/${name}`];
      visit(installed?.link && installed.resolved ? lock.packages[installed.resolved] : installed);
    }
  };
  visit(lock.packages[folder]);
  return names;
}

describe('service images: production dependency closures', () => {
  test('the sermons service does not install the Temporal worker or its native bridge', () => {
    const sermons = productionClosure('services/sermons');
    assert.ok(sermons.has('@lectern/workflow-contract') && sermons.has('@lectern/media-probe') && sermons.has('@temporalio/client'));
    for (const name of ['@temporalio/worker', '@temporalio/core-bridge', '@lectern/workflows']) assert.ok(!sermons.has(name), `sermons installs ${name}`);
  });

  test('the migration service, which runs its own worker, does install it (the check can tell)', () => {
    assert.ok(productionClosure('services/migration').has('@temporalio/core-bridge'));
  });
});
