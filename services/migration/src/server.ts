// Listens and shuts down gracefully; the rss-migration worker runs beside the routes.
import { runServer } from '@lectern/service-kit';
import { buildApp } from './app.ts';
import { loadMigrationConfig } from './config.ts';
import { startMigrationWorker } from './worker/migration.worker.ts';

await runServer(async () => {
  const config = loadMigrationConfig();
  const app = await buildApp(config);
  if (config.MIGRATION_WORKER) {
    const worker = await startMigrationWorker(app, config);
    app.addHook('onClose', worker.close);
  }
  return { app, host: config.HOST, port: config.PORT };
});
