// Builds the billing app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → Stripe client and price catalogue → identity's lead events → routes. Tests build it
// with `inject`; server.ts only listens.
import { apiPrefix, createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import { PriceCatalogue } from './catalogue/price.catalogue.ts';
import type { BillingConfig } from './config.ts';
import { SERVICE } from './config.ts';
import type { BillingContext } from './context.ts';
import type { BillingDatabase } from './data/database.ts';
import { SIGNUP_LEADS_GROUP, signupLeadHandlers } from './leads/signup-lead.consumer.ts';
import { checkoutRoutes } from './routes/checkout.routes.ts';
import { kpiRoutes } from './routes/kpis.routes.ts';
import { webhookRoutes } from './routes/webhook.routes.ts';
import { createStripeClient } from './stripe/stripe.client.ts';

export type BillingApp = ServiceApp<BillingDatabase, BillingConfig> & { billing: BillingContext };

export async function buildApp(config: BillingConfig, options: Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> = {}): Promise<BillingApp> {
  const app = await createServiceApp<BillingDatabase, BillingConfig>({
    service: SERVICE,
    config,
    description: 'Plans, prices, subscriptions and checkout (Stripe).',
    migrations: new URL('./migrations/', import.meta.url),
    ...options,
  });
  const stripe = createStripeClient(config);
  const ctx: BillingContext = {
    db: app.kit.db,
    config,
    stripe,
    catalogue: new PriceCatalogue(stripe, { mayCreate: config.STRIPE_SECRET_KEY.includes('_test_') }),
  };
  app.decorate('billing', ctx);

  app.kit.consume({
    // the topic prefix (empty in deployments) keeps test runs' consumer groups apart
    groupId: `${config.KAFKA_TOPIC_PREFIX}${SIGNUP_LEADS_GROUP}`,
    services: ['identity'],
    handlers: signupLeadHandlers,
  });

  const prefix = apiPrefix(SERVICE);
  await app.register(checkoutRoutes, { prefix, ctx });
  await app.register(webhookRoutes, { prefix, ctx });
  await app.register(kpiRoutes, { prefix, ctx });
  return app as BillingApp;
}
