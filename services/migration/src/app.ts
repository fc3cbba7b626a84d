// Builds the migration app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → storage, Temporal client, live hub, feed reader → use cases → routes. The worker of
// the rss-migration queue is started by server.ts (or a test) with startMigrationWorker.
import { apiPrefix, createServiceApp, createStorage, livePlugin, storageConfigFromEnv } from '@lectern/service-kit';
import { SERMONS_RAW_BUCKET } from '@lectern/workflow-contract';
import type { Bucket, HttpAppOptions, LiveFanoutHub, ServiceApp } from '@lectern/service-kit';
import type { MigrationConfig } from './config.ts';
import { allowedFeedOrigins, SERVICE } from './config.ts';
import type { MigrationDatabase } from './data/database.ts';
import { MigrationService } from './domain/migration.service.ts';
import { MigrationStore } from './domain/migration.store.ts';
import { MigrationTemporal } from './domain/migration.temporal.ts';
import { MigratedSermonsClient } from './domain/sermons.client.ts';
import { FeedReader } from './feed/feed.reader.ts';
import { SafeFetcher } from './feed/safe-fetch.ts';
import { migrationRoutes } from './routes/migration.routes.ts';


export type MigrationApp = ServiceApp<MigrationDatabase, MigrationConfig> & {
  migrationStore: MigrationStore;
  migrationTemporal: MigrationTemporal;
  migratedSermons: MigratedSermonsClient;
  migrations: MigrationService;
  safeFetcher: SafeFetcher;
  rawBucket: () => Promise<Bucket>;
  hub: LiveFanoutHub;
};

export async function buildApp(config: MigrationConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<MigrationApp> {
  const app = await createServiceApp<MigrationDatabase, MigrationConfig>({
    service: SERVICE,
    config,
    description: 'RSS migration: feed validation, the migration queue and its steps, live.',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  const prefix = apiPrefix(SERVICE);
  const storage = createStorage(storageConfigFromEnv(config, `${config.PUBLIC_ORIGIN}${prefix}/storage`));
  const rawBucket = () => storage.bucket(SERMONS_RAW_BUCKET);
  // The console follows a migration on whichever instance holds its socket (ADR 0020).
  const hub = await app.kit.startLiveHub();
  const store = new MigrationStore(app.kit.db, hub);
  const temporal = new MigrationTemporal({ address: config.TEMPORAL_ADDRESS, namespace: config.TEMPORAL_NAMESPACE, taskQueue: config.RSS_MIGRATION_TASK_QUEUE, pipelineTaskQueue: config.SERMON_PIPELINE_TASK_QUEUE });
  const sermons = new MigratedSermonsClient({ baseUrl: config.SERMONS_INTERNAL_URL, token: config.SERMONS_INTERNAL_TOKEN });
  const fetcher = new SafeFetcher({ allowOrigins: allowedFeedOrigins(config) });
  const feeds = new FeedReader({ fetcher, maxBytes: config.FEED_MAX_BYTES, timeoutMs: config.FEED_FETCH_TIMEOUT_MS });
  const migrations = new MigrationService({ store, temporal, sermons });

  await app.register(migrationRoutes, { prefix, feeds, migrations });
  await app.register(livePlugin, {
    prefix,
    hub,
    // The console's pages only: a staff user may follow any migration that exists.
    authorize: async (principal, topic) => {
      const [kind, id] = topic.split(':');
      return kind === 'migration' && principal.companyStaff && id !== undefined && /^[0-9a-f-]{36}$/i.test(id) && (await store.queue(id)) !== undefined;
    },
  });
  app.addHook('onClose', async () => {
    await temporal.close().catch(() => undefined);
    await storage.close();
  });
  app.decorate('migrationStore', store);
  app.decorate('migrationTemporal', temporal);
  app.decorate('migratedSermons', sermons);
  app.decorate('migrations', migrations);
  app.decorate('safeFetcher', fetcher);
  app.decorate('rawBucket', rawBucket);
  app.decorate('hub', hub);
  return app as MigrationApp;
}
