// Builds the billing app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → repositories → routes/. Tests build it with `inject`; server.ts only listens.
import { createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import type { BillingConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { BillingDatabase } from './data/database.ts';

export type BillingApp = ServiceApp<BillingDatabase, BillingConfig>;

export async function buildApp(config: BillingConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<BillingApp> {
  const app = await createServiceApp<BillingDatabase, BillingConfig>({
    service: SERVICE,
    config,
    description: 'Plans, prices, subscriptions and checkout.',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  // Feature routes register here under apiPrefix(SERVICE), e.g.
  // app.register(sermonRoutes, { prefix: apiPrefix(SERVICE), db: app.kit.db }).
  return app;
}
