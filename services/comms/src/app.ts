// Builds the comms app: kit (config, logs, errors, db + migrations, outbox relay, OpenAPI,
// health) → SMTP transport, mail dispatcher and the identity.events consumer → routes/.
// Tests build it with `inject`; server.ts only listens.
import { createServiceApp } from '@lectern/service-kit';
import type { HttpAppOptions, ServiceApp } from '@lectern/service-kit';
import type { CommsConfig } from './config.ts';
import { SERVICE } from './config.ts';
import { IDENTITY_MAIL_GROUP, identityMailHandlers } from './consumers/identity-mail.consumer.ts';
import type { CommsDatabase } from './data/database.ts';
import { MailDispatcher } from './delivery/mail.dispatcher.ts';
import { createSmtpTransport } from './mail/mail.transport.ts';
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

  const smtp = createSmtpTransport({ url: config.SMTP_URL, from: config.mailFrom, timeoutMs: config.MAIL_SMTP_TIMEOUT_MS });
  const mail = new MailDispatcher({
    db: app.kit.db,
    transport: options.transport ? options.transport(smtp) : smtp,
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
    handlers: identityMailHandlers({ from: config.mailFrom }),
    // queued rows are visible once the consumer's transaction committed: send them now
    onCommitted: () => mail.kick(),
  });

  app.addHook('onReady', async () => mail.start());
  // before the kit's onClose closes the pool; waits for deliveries in flight
  app.addHook('preClose', async () => mail.stop());

  // Feature routes register here under apiPrefix(SERVICE).
  return app as CommsApp;
}
