// The comms service's configuration: the kit's base variables (ARCHITECTURE.md) plus its own.
import { ConfigError, defineConfig, loadConfig, SecretConfigProperties } from '@lectern/service-kit';
import type { Static } from 'typebox';
import { Type } from 'typebox';
import { parseMailFrom } from './mail/mail.address.ts';
import type { MailFrom } from './mail/mail.address.ts';

export const SERVICE = 'comms';

export const CommsConfigSchema = defineConfig({
  PORT: Type.Integer({ default: 4104, minimum: 0, maximum: 65535 }),
  /** smtp://[user:pass@]host:port (smtps:// for implicit TLS); the local mail catcher in development */
  SMTP_URL: Type.String({ pattern: '^smtps?://[^\\s]+$', description: 'smtp://user:pass@host:port' }),
  /** `Product Name <address>`: the sender of every e-mail; the display name is the product name in the wording */
  MAIL_FROM: Type.String({ default: 'Lectern <no-reply@lectern.localhost>', minLength: 3 }),
  /** delivery attempts before a message is recorded as failed */
  MAIL_MAX_ATTEMPTS: Type.Integer({ default: 10, minimum: 1 }),
  /** first retry delay; doubles per attempt up to MAIL_RETRY_MAX_MS */
  MAIL_RETRY_BASE_MS: Type.Integer({ default: 2000, minimum: 10 }),
  MAIL_RETRY_MAX_MS: Type.Integer({ default: 600_000, minimum: 10 }),
  /** how often the dispatcher looks for due messages when nothing wakes it */
  MAIL_POLL_MS: Type.Integer({ default: 1000, minimum: 10 }),
  /** connection, greeting and socket timeout of one SMTP delivery */
  MAIL_SMTP_TIMEOUT_MS: Type.Integer({ default: 30_000, minimum: 100 }),
  /** messages one dispatcher sends at the same time */
  MAIL_BATCH_SIZE: Type.Integer({ default: 10, minimum: 1, maximum: 200 }),
  /** church e-mail: SMTP connections kept open per integration and instance */
  MAIL_CONNECTIONS_PER_SENDER: Type.Integer({ default: 3, minimum: 1, maximum: 50 }),
  /** messages per second through the platform's SMTP_URL (all instances together) */
  MAIL_PLATFORM_RATE_PER_SECOND: Type.Number({ default: 50, exclusiveMinimum: 0 }),
  /** messages per second through one church's SMTP integration (all instances together) */
  MAIL_INTEGRATION_RATE_PER_SECOND: Type.Number({ default: 50, exclusiveMinimum: 0 }),
  /** seals SMTP passwords; also keys the click-tracking signatures */
  ...SecretConfigProperties,
});

export type CommsConfig = Static<typeof CommsConfigSchema> & { mailFrom: MailFrom };

/** Read once at start; throws ConfigError naming every missing or bad variable. */
export function loadCommsConfig(env: Record<string, string | undefined> = process.env): CommsConfig {
  const config = loadConfig(CommsConfigSchema, env);
  const mailFrom = parseMailFrom(config.MAIL_FROM);
  if (!mailFrom) throw new ConfigError([{ variable: 'MAIL_FROM', message: `must look like "Product Name <address@domain>" (got "${config.MAIL_FROM}")` }]);
  if (config.MAIL_RETRY_MAX_MS < config.MAIL_RETRY_BASE_MS) throw new ConfigError([{ variable: 'MAIL_RETRY_MAX_MS', message: 'must not be below MAIL_RETRY_BASE_MS' }]);
  return { ...config, mailFrom };
}
