// Builds the migration app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → repositories → routes/. Tests build it with `inject`; server.ts only listens.
import { createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import type { MigrationConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { MigrationDatabase } from './data/database.ts';

export type MigrationApp = ServiceApp<MigrationDatabase, MigrationConfig>;

export async function buildApp(config: MigrationConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<MigrationApp> {
  const app = await createServiceApp<MigrationDatabase, MigrationConfig>({
    service: SERVICE,
    config,
    description: 'RSS migration queue and its steps.',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  // Feature routes register here under apiPrefix(SERVICE), e.g.
  // app.register(sermonRoutes, { prefix: apiPrefix(SERVICE), db: app.kit.db }).
  return app;
}
