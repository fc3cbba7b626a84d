// Builds the comms app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → repositories → routes/. Tests build it with `inject`; server.ts only listens.
import { createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import type { CommsConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { CommsDatabase } from './data/database.ts';

export type CommsApp = ServiceApp<CommsDatabase, CommsConfig>;

export async function buildApp(config: CommsConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<CommsApp> {
  const app = await createServiceApp<CommsDatabase, CommsConfig>({
    service: SERVICE,
    config,
    description: 'E-mail templates, communications and SMTP delivery.',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  // Feature routes register here under apiPrefix(SERVICE), e.g.
  // app.register(sermonRoutes, { prefix: apiPrefix(SERVICE), db: app.kit.db }).
  return app;
}
