// This service's Temporal worker for the rss-migration task queue: the migration workflow with the
// activities above. The sermon pipeline children run on the pipeline worker's own queue.
import os from 'node:os';
import path from 'node:path';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { createWorker } from '@lectern/workflows/worker';
import type { MigrationConfig } from '../config.ts';
import type { MigrationApp } from '../app.ts';
import { createMigrationActivities } from './migration.activities.ts';

export async function startMigrationWorker(app: MigrationApp, config: MigrationConfig): Promise<{ worker: Worker; done: Promise<void>; close: () => Promise<void> }> {
  const connection = await NativeConnection.connect({ address: config.TEMPORAL_ADDRESS });
  const worker = await createWorker({
    connection,
    namespace: config.TEMPORAL_NAMESPACE,
    taskQueue: config.RSS_MIGRATION_TASK_QUEUE,
    workflowBundlePath: config.WORKFLOW_BUNDLE_PATH ?? null,
    activities: createMigrationActivities({
      store: app.migrationStore,
      sermons: app.migratedSermons,
      temporal: app.migrationTemporal,
      rawBucket: app.rawBucket,
      fetcher: app.safeFetcher,
      workDir: config.MIGRATION_WORK_DIR ?? path.join(os.tmpdir(), 'lectern-migration'),
      maxBytes: config.MIGRATION_MEDIA_MAX_BYTES,
      stallTimeoutMs: config.FEED_FETCH_TIMEOUT_MS,
    }),
  });
  const done = worker.run();
  return {
    worker,
    done,
    close: async () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await done.catch(() => undefined);
      await connection.close();
    },
  };
}
