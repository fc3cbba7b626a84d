// Builds the comms app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → SMTP transport, mail dispatcher and the identity.events consumer → routes/.
// Tests build it with `inject`; server.ts only listens.
import { apiPrefix, createSecretBox, createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import type { CommsConfig } from './config.ts';
import { SERVICE } from './config.ts';
import { IDENTITY_MAIL_GROUP, identityMailHandlers } from './consumers/identity-mail.consumer.ts';
import type { CommsDatabase } from './data/database.ts';
import { MailDispatcher } from './delivery/mail.dispatcher.ts';
import { createSmtpTransport } from './mail/mail.transport.ts';
import { CampaignService } from './campaigns/campaign.service.ts';
import { CommunicationDelivery } from './campaigns/communication.delivery.ts';
import { organizationProjectionHandlers } from './consumers/organization.projection.ts';
import { ContactService } from './contacts/contact.service.ts';
import { EngagementService } from './engagement/engagement.service.ts';
import { TrackingLinks } from './engagement/tracking.links.ts';
import { SmtpIntegrationService } from './integrations/smtp-integration.service.ts';
import { churchEmailRoutes } from './routes/church-email.routes.ts';
import { engagementRoutes } from './routes/engagement.routes.ts';
import { TemplateService } from './templates/template.service.ts';
import type { MailTransport } from './mail/mail.transport.ts';

export type CommsApp = ServiceApp<CommsDatabase, CommsConfig> & { mail: MailDispatcher };

export interface CommsAppOptions extends Pick<HttpAppOptions, 'prettyLogs' | 'logStream'> {
  /** replaces the SMTP transport (tests wrap the real one to observe or interrupt it) */
  transport?: (real: MailTransport) => MailTransport;
}

export async function buildApp(config: CommsConfig, options: CommsAppOptions = {}): Promise<CommsApp> {
  const app = await createServiceApp<CommsDatabase, CommsConfig>({
    service: SERVICE,
    config,
    description: 'E-mail templates, communications and SMTP delivery.',
    migrations: new URL('./migrations/', import.meta.url),
    ...(options.prettyLogs === undefined ? {} : { prettyLogs: options.prettyLogs }),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });

  const box = createSecretBox(config);
  const tracking = new TrackingLinks({ publicOrigin: config.PUBLIC_ORIGIN, secretKeys: config.SECRET_KEYS, activeKeyId: config.SECRET_ACTIVE_KEY_ID });
  const smtp = createSmtpTransport({ url: config.SMTP_URL, from: config.mailFrom, timeoutMs: config.MAIL_SMTP_TIMEOUT_MS, pooled: config.MAIL_CONNECTIONS_PER_SENDER });
  const platform = options.transport ? options.transport(smtp) : smtp;
  const mail = new MailDispatcher({
    db: app.kit.db,
    transport: platform,
    batchSize: config.MAIL_BATCH_SIZE,
    communications: new CommunicationDelivery({ db: app.kit.db, box, tracking, platform, timeoutMs: config.MAIL_SMTP_TIMEOUT_MS, connectionsPerSender: config.MAIL_CONNECTIONS_PER_SENDER }),
    rates: { perSecond: (sender) => (sender === 'platform' ? config.MAIL_PLATFORM_RATE_PER_SECOND : config.MAIL_INTEGRATION_RATE_PER_SECOND) },
    logger: app.log,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    retryBaseMs: config.MAIL_RETRY_BASE_MS,
    retryMaxMs: config.MAIL_RETRY_MAX_MS,
    pollMs: config.MAIL_POLL_MS,
    // one delivery is bounded by the connection, greeting and socket timeouts
    leaseMs: 4 * config.MAIL_SMTP_TIMEOUT_MS,
  });
  app.decorate('mail', mail);

  app.kit.consume({
    // the topic prefix (empty in deployments) keeps test runs' consumer groups apart
    groupId: `${config.KAFKA_TOPIC_PREFIX}${IDENTITY_MAIL_GROUP}`,
    services: ['identity'],
    handlers: { ...identityMailHandlers({ from: config.mailFrom, box }), ...organizationProjectionHandlers() },
    // queued rows are visible once the consumer's transaction committed: send them now
    onCommitted: () => mail.kick(),
  });

  app.addHook('onReady', async () => mail.start());
  // before the kit's onClose closes the pool; waits for deliveries in flight
  app.addHook('preClose', async () => mail.stop());

  const prefix = apiPrefix(SERVICE);
  const messageDomain = config.mailFrom.address.split('@')[1] ?? 'localhost';
  await app.register(churchEmailRoutes, {
    prefix,
    integrations: new SmtpIntegrationService({ db: app.kit.db, box, publicOrigin: config.PUBLIC_ORIGIN, smtpTimeoutMs: Math.min(config.MAIL_SMTP_TIMEOUT_MS, 15_000) }),
    templates: new TemplateService(app.kit.db),
    contacts: new ContactService(app.kit.db),
    campaigns: new CampaignService({ db: app.kit.db, messageDomain, onQueued: () => mail.kick() }),
  });
  await app.register(engagementRoutes, { prefix, engagement: new EngagementService({ db: app.kit.db, tracking }) });
  return app as CommsApp;
}
