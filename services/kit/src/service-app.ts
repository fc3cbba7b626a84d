// createServiceApp: the one factory every service uses. It adds to the HTTP app (http-app.ts) the
// service's Postgres schema (migrated at start), Kafka, the outbox relay and event consumers,
// real readiness checks, and an orderly shutdown.
import type { Kafka } from 'kafkajs';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import authPlugin, { type AuthPluginOptions } from './auth/auth.plugin.ts';
import { jwtIssuer, type BaseConfig } from './config/config.ts';
import { createDatabase, pingDatabase } from './data/database.ts';
import type { KitTables } from './data/kit.tables.ts';
import { migrateToLatest } from './data/migrate.ts';
import { EventConsumer } from './events/event-consumer.ts';
import type { EventConsumerOptions } from './events/event-consumer.ts';
import { CONSUMER_CONNECTION_RETRY, createKafka, parseBrokers, pingKafka } from './events/kafka.ts';
import { OutboxRelay } from './events/outbox.relay.ts';
import type { RelayFaults } from './events/outbox.relay.ts';
import { createHttpApp } from './http/http-app.ts';
import type { HttpAppOptions, ServiceInstance } from './http/http-app.ts';
import { retryUntilStopped } from './lifecycle/retry.ts';
import { LiveFanoutHub } from './websocket/live.fanout.ts';

export interface ServiceAppOptions<C extends BaseConfig> extends Pick<HttpAppOptions, 'description' | 'version' | 'logStream' | 'prettyLogs'> {
  service: string;
  config: C;
  /** folder of the service's `<yyyyMMddHHmm>_<name>.ts` migrations */
  migrations?: URL;
  /** run the outbox relay in this process (default true) */
  relay?: boolean;
  relayFaults?: RelayFaults;
  /** Overrides for token verification (identity loads its own key set instead of fetching it). */
  auth?: Partial<AuthPluginOptions>;
}

export interface ServiceKit<DB, C extends BaseConfig> {
  service: string;
  config: C;
  schema: string;
  db: Kysely<DB & KitTables>;
  pool: pg.Pool;
  kafka: Kafka;
  topicPrefix: string;
  relay: OutboxRelay | undefined;
  /** migrations applied by this start-up */
  migrated: string[];
  /** register an idempotent consumer; it starts with the app */
  consume(options: Omit<EventConsumerOptions<DB>, 'kafka' | 'db' | 'topicPrefix' | 'logger'>): EventConsumer<DB>;
  consumers: EventConsumer<DB>[];
  /** resolves once the relay and consumers run (they keep retrying while Kafka is away) */
  whenStarted(): Promise<void>;
  /** The live fan-out hub of this service's schema (ADR 0020): started now, stopped when the app closes. */
  startLiveHub(): Promise<LiveFanoutHub>;
}

export type ServiceApp<DB, C extends BaseConfig> = ServiceInstance & { kit: ServiceKit<DB, C> };

export async function createServiceApp<DB, C extends BaseConfig>(options: ServiceAppOptions<C>): Promise<ServiceApp<DB, C>> {
  const { config, service } = options;
  const schema = config.DATABASE_SCHEMA ?? service;
  const database = createDatabase<DB>({ connectionString: config.DATABASE_URL, schema, poolMax: config.DATABASE_POOL_MAX, applicationName: service });
  // Kafka's logger is the app's, so the client is made after the app; readiness reads it late.
  const late: { kafka?: Kafka } = {};
  const consumers: EventConsumer<DB>[] = [];
  const app = await createHttpApp({
    service,
    logLevel: config.LOG_LEVEL,
    publicOrigin: config.PUBLIC_ORIGIN,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.prettyLogs === undefined ? {} : { prettyLogs: options.prettyLogs }),
    ...(options.description ? { description: options.description } : {}),
    ...(options.version ? { version: options.version } : {}),
    readiness: [
      { name: 'postgres', check: () => pingDatabase(database.db) },
      { name: 'kafka', check: (signal) => (late.kafka ? pingKafka(late.kafka, signal) : Promise.reject(new Error('not started'))) },
    ],
    consumerProgress: () => consumers.map((c) => c.progress()),
  });

  // Every service verifies identity's access tokens; routes opt in with requireSignedIn & co.
  await app.register(authPlugin, {
    jwksUrl: config.IDENTITY_JWKS_URL,
    issuer: jwtIssuer(config),
    audience: config.JWT_AUDIENCE,
    ...options.auth,
  });

  let migrated: string[];
  try {
    migrated = await migrateToLatest(database.db, { schema, ...(options.migrations ? { folder: options.migrations } : {}) });
  } catch (error) {
    await database.close().catch(() => {});
    await app.close();
    throw error;
  }
  if (migrated.length > 0) app.log.info({ schema, migrated }, 'migrations applied');

  const kafka = createKafka({ brokers: parseBrokers(config.KAFKA_BROKERS), clientId: service, logger: app.log });
  late.kafka = kafka;
  const consumerKafka = createKafka({ brokers: parseBrokers(config.KAFKA_BROKERS), clientId: service, logger: app.log, retry: CONSUMER_CONNECTION_RETRY });
  const topicPrefix = config.KAFKA_TOPIC_PREFIX;
  const relay = options.relay === false ? undefined : new OutboxRelay({
    db: database.db,
    connectionString: config.DATABASE_URL,
    schema,
    kafka,
    topicPrefix,
    pollMs: config.OUTBOX_POLL_MS,
    logger: app.log,
    ...(options.relayFaults ? { faults: options.relayFaults } : {}),
  });
  const stopping = new AbortController();
  let started: Promise<void> = Promise.resolve();

  const kit: ServiceKit<DB, C> = {
    service,
    config,
    schema,
    db: database.db,
    pool: database.pool,
    kafka,
    topicPrefix,
    relay,
    migrated,
    consumers,
    consume(consumerOptions) {
      const consumer = new EventConsumer<DB>({ ...consumerOptions, kafka: consumerKafka, db: database.db, topicPrefix, logger: app.log });
      consumers.push(consumer);
      return consumer;
    },
    whenStarted: () => started,
    async startLiveHub() {
      const hub = new LiveFanoutHub({ connectionString: config.DATABASE_URL, schema, logger: app.log });
      await hub.start();
      app.addHook('onClose', () => hub.stop());
      return hub;
    },
  };
  app.decorate('kit', kit);

  app.addHook('onReady', async () => {
    // Kafka being away must not stop the service from serving (readyz says not ready meanwhile).
    const parts: Promise<void>[] = [];
    if (relay) parts.push(retryUntilStopped(() => relay.start(), stopping.signal, app.log, 'outbox relay'));
    for (const consumer of consumers) parts.push(retryUntilStopped(() => consumer.start(), stopping.signal, app.log, `consumer ${consumer.topics.join(',')}`));
    started = Promise.all(parts).then(() => undefined);
  });

  app.addHook('onClose', async () => {
    // The server has stopped accepting requests: stop reading, finish publishing, close pools.
    stopping.abort();
    await Promise.allSettled(consumers.map((c) => c.stop()));
    await relay?.stop().catch((error: unknown) => app.log.warn({ err: error }, 'relay stop failed'));
    await database.close();
  });

  return app as ServiceApp<DB, C>;
}
