import { homedir } from 'node:os';
import { join } from 'node:path';
import { TestWorkflowEnvironment } from '@temporalio/testing';

/**
 * A Temporal environment for workflow tests: the shared test server when the launcher started one
 * (TEMPORAL_ADDRESS), otherwise a dev server of our own from the cached Temporal CLI binary.
 */
export async function createTemporalTestEnv(): Promise<TestWorkflowEnvironment> {
  const address = process.env.TEMPORAL_ADDRESS;
  if (address) return TestWorkflowEnvironment.createFromExistingServer({ address });
  const cacheRoot = process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache');
  return TestWorkflowEnvironment.createLocal({
    server: { executable: { type: 'existing-path', path: join(cacheRoot, 'lectern', 'bin', 'temporal') } },
  });
}
