// kafkajs wiring: one client per service, logs through pino, topics created on demand.
import { setTimeout as sleep } from 'node:timers/promises';
import { Kafka, logLevel as KafkaLogLevel } from 'kafkajs';
import type { Admin, ITopicConfig, LogEntry, RetryOptions } from 'kafkajs';
import type { FastifyBaseLogger } from 'fastify';
import './kafkajs.idle-queue.ts';

export interface KafkaOptions {
  brokers: string[];
  clientId: string;
  logger?: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
  /** how connections to a lost broker are retried (default: about 15 s, then the call fails) */
  retry?: RetryOptions;
}

/**
 * The event consumers' client reconnects to a lost broker every 2 s for up to 10 minutes instead
 * of about 15 s. A consumer whose reconnecting gives up crashes, and kafkajs restarts it as a new
 * group member; the broker, back with the group as it was, holds the new member's join until the
 * old member's session times out (event-consumer.ts sets 10 s; kafkajs' default was 30 s). A
 * consumer still reconnecting when the broker returns is the old member and carries on at once.
 */
export const CONSUMER_CONNECTION_RETRY: RetryOptions = { initialRetryTime: 300, maxRetryTime: 2000, retries: 300 };

export function parseBrokers(value: string): string[] {
  return value.split(',').map((b) => b.trim()).filter(Boolean);
}

export function createKafka(options: KafkaOptions): Kafka {
  const log = options.logger;
  return new Kafka({
    clientId: options.clientId,
    brokers: options.brokers,
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: options.retry ?? { initialRetryTime: 200, retries: 8, maxRetryTime: 5000 },
    logLevel: KafkaLogLevel.WARN,
    logCreator: () => ({ level, log: entry }: LogEntry) => {
      if (!log) return;
      const { message, ...rest } = entry;
      const fields = { kafka: rest };
      // kafkajs reports every retry of a lost broker as ERROR; the outcome is what matters.
      if (level === KafkaLogLevel.ERROR) log.warn(fields, `kafka: ${message}`);
      else if (level === KafkaLogLevel.WARN) log.warn(fields, `kafka: ${message}`);
      else log.debug(fields, `kafka: ${message}`);
    },
  });
}

// Partitions bound how many batches a consumer group handles at once (each is one sequential
// transaction); 12 leaves room to raise partitionsConsumedConcurrently without re-partitioning.
export const DEFAULT_PARTITIONS = 12;

/** How long ensureTopics waits for a new topic's partitions to have leaders. */
const TOPIC_LEADERS_TIMEOUT_MS = 15_000;
// What a broker answers for a topic it has not caught up with yet: the topic was created on the
// controller a moment ago.
const NOT_YET_KNOWN = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);

export async function ensureTopics(kafka: Kafka, topics: string[], numPartitions = DEFAULT_PARTITIONS): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const missing: ITopicConfig[] = topics.filter((t) => !existing.has(t)).map((topic) => ({ topic, numPartitions }));
    if (missing.length === 0) return;
    // Not createTopics' waitForLeaders: kafkajs 2.2.4 waits through LEADER_NOT_AVAILABLE only, and a
    // KRaft broker that has not yet seen the new topic answers UNKNOWN_TOPIC_OR_PARTITION, which
    // failed the call on a loaded machine although the topic was being created.
    await admin.createTopics({ topics: missing });
    await waitForLeaders(admin, missing.map((t) => t.topic));
  } finally {
    await admin.disconnect();
  }
}

async function waitForLeaders(admin: Admin, topics: string[]): Promise<void> {
  const deadline = Date.now() + TOPIC_LEADERS_TIMEOUT_MS;
  for (;;) {
    try {
      const { topics: found } = await admin.fetchTopicMetadata({ topics });
      if (found.length === topics.length && found.every((t) => t.partitions.length > 0 && t.partitions.every((p) => p.leader >= 0))) return;
    } catch (error) {
      if (!NOT_YET_KNOWN.has((error as { type?: string }).type ?? '')) throw error;
    }
    if (Date.now() > deadline) throw new Error(`kafka: no leaders for ${topics.join(', ')} ${TOPIC_LEADERS_TIMEOUT_MS / 1000} s after creating them`);
    await sleep(100);
  }
}

/** Readiness probe: a fresh connection each time, so a restarted broker is seen as back. */
export async function pingKafka(kafka: Kafka, signal?: AbortSignal): Promise<void> {
  const admin: Admin = kafka.admin({ retry: { retries: 0 } });
  const disconnect = () => void admin.disconnect().catch(() => {});
  signal?.addEventListener('abort', disconnect, { once: true });
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    if (cluster.brokers.length === 0) throw new Error('no brokers');
  } finally {
    signal?.removeEventListener('abort', disconnect);
    await admin.disconnect().catch(() => {});
  }
}
