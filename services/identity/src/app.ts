// Builds the identity app: kit (config, logs, errors, db + migrations, outbox, OpenAPI, health)
// → signing keys → routes. Tests build it with `inject`; server.ts only listens.
import { apiPrefix, createServiceApp } from '@lectern/service-kit';
import type { ServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions } from '@lectern/service-kit';
import type { IdentityConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { IdentityDatabase } from './data/database.ts';
import { ensureSigningKey } from './keys/signing-key.service.ts';
import { jwksRoutes } from './routes/jwks.routes.ts';

export type IdentityApp = ServiceApp<IdentityDatabase, IdentityConfig>;

export async function buildApp(config: IdentityConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<IdentityApp> {
  const app = await createServiceApp<IdentityDatabase, IdentityConfig>({
    service: SERVICE,
    config,
    description: 'Users, organizations, roles, invites, tokens and the signing key set.',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  await ensureSigningKey(app.kit.db);
  await app.register(jwksRoutes, { prefix: apiPrefix(SERVICE), db: app.kit.db });
  return app;
}
