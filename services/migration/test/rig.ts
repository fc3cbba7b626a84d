// The whole migration on real parts, as the integration test and the bench run it: the local feed
// server, the in-test migration app (routes, store), the sermons service, the real pipeline worker
// and a migration service instance whose rss-migration worker serves the runs (a child process
// that can be killed and restarted). One internal token joins them; each gets its own schema and
// task queues.
import { randomBytes, randomUUID } from 'node:crypto';
import { isolatedServiceEnv } from '@lectern/service-kit/testing';
import { startFeedServer, type FeedServer, type FeedServerOptions } from '@lectern/local-stack/feeds';
import { buildTestApp } from './helper.ts';
import { startMigrationInstance, startPipelineWorker, startSermonsService, type Child } from './processes.ts';

export interface MigrationRigOptions {
  feeds?: FeedServerOptions;
  /** Extra variables of the migration service (the in-test app and the worker instance). */
  migration?: Record<string, string>;
  /** Extra variables of the sermons service (capacity, quota…). */
  sermons?: Record<string, string>;
}

export interface MigrationRig {
  t: Awaited<ReturnType<typeof buildTestApp>>;
  feeds: FeedServer;
  sermons: Child & { baseUrl: string };
  pipelineWorker: Child;
  /** The instance running the rss-migration worker; replaced by restartMigrationWorker. */
  migrationWorker: Child & { baseUrl: string };
  /** The sermons service's internal token (its internal API answers only to it). */
  internalToken: string;
  /** The worker instance's environment (its spool directory is MIGRATION_WORK_DIR). */
  migrationEnv: Record<string, string>;
  /** Stops the worker instance with `signal` and starts a fresh one on the same schema and queues. */
  restartMigrationWorker(signal: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export async function startMigrationRig(options: MigrationRigOptions = {}): Promise<MigrationRig> {
  const internalToken = `test-internal-${randomUUID()}`;
  const feeds = await startFeedServer(options.feeds);
  const t = await buildTestApp({ FEED_FETCH_ALLOW_ORIGINS: feeds.hostPort, SERMONS_INTERNAL_TOKEN: internalToken, ...options.migration });
  const temporal = { TEMPORAL_ADDRESS: t.env.TEMPORAL_ADDRESS as string, TEMPORAL_NAMESPACE: t.env.TEMPORAL_NAMESPACE as string, SERMON_PIPELINE_TASK_QUEUE: t.env.SERMON_PIPELINE_TASK_QUEUE as string };
  const sermonsEnv = await isolatedServiceEnv('sermons', {
    ...temporal,
    IDENTITY_JWKS_URL: t.jwksUrl,
    STORAGE_FS_ROOT: t.storageRoot,
    SERMONS_INTERNAL_TOKEN: internalToken,
    STORAGE_SIGNING_SECRET: randomBytes(32).toString('base64url'),
    ...options.sermons,
  });
  const sermons = await startSermonsService(sermonsEnv);
  const pipelineWorker = await startPipelineWorker({ ...temporal, SERMONS_INTERNAL_URL: sermons.baseUrl, SERMONS_INTERNAL_TOKEN: internalToken, STORAGE_DRIVER: 'fs', STORAGE_FS_ROOT: t.storageRoot });
  // The same service, schema and queues as the in-test app: this instance runs the worker.
  const migrationEnv = { ...t.env, SERMONS_INTERNAL_URL: sermons.baseUrl };
  const rig: MigrationRig = {
    t,
    feeds,
    sermons,
    pipelineWorker,
    migrationWorker: await startMigrationInstance(migrationEnv),
    internalToken,
    migrationEnv,
    async restartMigrationWorker(signal) {
      await rig.migrationWorker.stop(signal);
      rig.migrationWorker = await startMigrationInstance(migrationEnv);
    },
    async stop() {
      await rig.migrationWorker.stop();
      await pipelineWorker.stop();
      await sermons.stop();
      await t.app.close();
      await feeds.close();
    },
  };
  return rig;
}
