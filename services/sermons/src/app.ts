// Builds the sermons app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → repositories → routes/. Tests build it with `inject`; server.ts only listens.
import { createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import type { SermonsConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { SermonsDatabase } from './data/database.ts';

export type SermonsApp = ServiceApp<SermonsDatabase, SermonsConfig>;

export async function buildApp(config: SermonsConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<SermonsApp> {
  const app = await createServiceApp<SermonsDatabase, SermonsConfig>({
    service: SERVICE,
    config,
    description: 'Sermons, processing progress, transcripts, outlines, devotionals and quota.',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  // Feature routes register here under apiPrefix(SERVICE), e.g.
  // app.register(sermonRoutes, { prefix: apiPrefix(SERVICE), db: app.kit.db }).
  return app;
}
