// The relay moves committed outbox rows to Kafka. Several instances may run at once: each claims
// a batch with SELECT … FOR UPDATE SKIP LOCKED, publishes it, then marks it, all in one
// transaction. A crash between publishing and marking leaves the rows unmarked, so another relay
// publishes them again — consumers deduplicate on the event id (at-least-once delivery).
import type { FastifyBaseLogger } from 'fastify';
import { Partitioners } from 'kafkajs';
import type { Kafka, Producer } from 'kafkajs';
import type { Kysely } from 'kysely';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { assertSchemaName } from '../data/database.ts';
import { purgeExpiredIdempotencyKeys } from '../data/idempotency.ts';
import type { KitTables, OutboxRow } from '../data/kit.tables.ts';
import { onOutboxCommit, outboxChannel } from '../data/outbox.signal.ts';
import { DrainLoop, type DrainPassResult } from '../lifecycle/drain.loop.ts';
import { ensureTopics } from './kafka.ts';

type RelayLogger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

export interface RelayFaults {
  /** runs after Kafka acknowledged a batch and before the rows are marked (tests crash here) */
  afterSend?: (rows: OutboxRow[]) => void | Promise<void>;
}

export interface OutboxRelayOptions {
  /** any service's database (each includes the kit's tables; purging runs here); Kysely types are invariant */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  /** for the relay's own connections (LISTEN, and claiming/marking batches) */
  connectionString: string;
  schema: string;
  kafka: Kafka;
  topicPrefix?: string;
  logger?: RelayLogger;
  batchSize?: number;
  /** poll for rows no wake-up announced (raw SQL inserts, a lost LISTEN connection) */
  pollMs?: number;
  /** published rows older than this are deleted (ms); default one day */
  retentionMs?: number;
  /**
   * A statement of the relay's own connection that gets no answer within this (ms) fails, and the
   * connection is dropped; the server ends the abandoned session after twice this, which frees the
   * rows it had claimed. Default 30 s.
   */
  queryTimeoutMs?: number;
  faults?: RelayFaults;
}

export interface RelayStats {
  published: number;
  failedBatches: number;
}

type ResolvedOptions = Required<Omit<OutboxRelayOptions, 'faults' | 'logger' | 'db'>> & { db: Kysely<KitTables> } & { faults: RelayFaults; logger: RelayLogger };

const noop: RelayLogger = { error() {}, warn() {}, info() {}, debug() {} };

/** What pg rejects a statement with when no answer came within query_timeout. */
const QUERY_READ_TIMEOUT = 'Query read timeout';
/** How long closing a relay connection may wait for the server's goodbye before the socket is destroyed. */
const CLOSE_WAIT_MS = 2000;

type RelayClient = pg.Client & { close(): Promise<void> };

/**
 * A pg client on a socket the relay holds. pg's end() waits for the server to close the
 * connection, which a connection that fell silent never does; close() waits a little, then
 * destroys the socket.
 */
function relayClient(config: pg.ClientConfig): RelayClient {
  const socket = new net.Socket();
  const client = new pg.Client({ ...config, stream: () => socket });
  const close = async () => {
    await Promise.race([client.end().catch(() => {}), sleep(CLOSE_WAIT_MS, undefined, { ref: false })]);
    socket.destroy();
  };
  return Object.assign(client, { close });
}

export function backoffMs(attempts: number): number {
  return Math.min(30_000, 200 * 2 ** Math.max(0, attempts - 1));
}

export class OutboxRelay {
  readonly stats: RelayStats = { published: 0, failedBatches: 0 };
  readonly #o: ResolvedOptions;
  readonly #channel: string;
  #producer: Producer | undefined;
  #listener: RelayClient | undefined;
  #work: RelayClient | undefined;
  #unsubscribe: (() => void) | undefined;
  readonly #loop: DrainLoop;
  #stopped = false;
  #starting: Promise<void> | undefined;
  #knownTopics = new Set<string>();
  #lastPurge = 0;

  constructor(options: OutboxRelayOptions) {
    assertSchemaName(options.schema); // it is written into the relay's SQL
    this.#o = {
      topicPrefix: '',
      batchSize: 500,
      pollMs: 1000,
      retentionMs: 24 * 3600_000,
      queryTimeoutMs: 30_000,
      faults: {},
      logger: noop,
      ...options,
      db: options.db as Kysely<KitTables>,
    } as ResolvedOptions;
    this.#channel = outboxChannel(options.schema);
    this.#loop = new DrainLoop({ pass: () => this.#pass(), pollMs: this.#o.pollMs, onIdle: () => this.#purge() });
  }

  /** Connect to Kafka, LISTEN for new rows and drain; safe to call again after a failure. */
  start(): Promise<void> {
    this.#starting ??= this.#start().catch(async (error: unknown) => {
      this.#starting = undefined;
      await this.#teardown();
      throw error;
    });
    return this.#starting;
  }

  async #start(): Promise<void> {
    this.#stopped = false;
    const producer = this.#o.kafka.producer({
      allowAutoTopicCreation: false,
      // murmur2 on the key, as the Java client: one aggregate's events land on one partition.
      createPartitioner: Partitioners.DefaultPartitioner,
      // The relay does its own back-off per row; kafkajs should fail fast.
      retry: { retries: 2, initialRetryTime: 100, maxRetryTime: 1000 },
    });
    this.#producer = producer;
    await producer.connect();
    // Woken in-process after a commit that appended events (the writer runs here), or by the
    // NOTIFY a process without a relay sends after its commit.
    this.#unsubscribe?.();
    this.#unsubscribe = onOutboxCommit(this.#o.schema, () => this.kick());
    await this.#listen();
    if (this.#stopped) return;
    this.#loop.start();
  }

  /** Wake the relay: drain now, or right after the drain in progress. */
  kick(): void {
    this.#loop.kick();
  }

  /** Resolves once no unpublished, due row is left (tests and shutdown use it). */
  flush(): Promise<void> {
    return this.#loop.flush();
  }

  async stop(): Promise<void> {
    this.#stopped = true; // a start still in progress does not start the loop
    await this.#starting?.catch(() => {});
    this.#starting = undefined;
    await this.#loop.stop();
    await this.#teardown();
  }

  async #teardown(): Promise<void> {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    const listener = this.#listener;
    this.#listener = undefined;
    await listener?.close();
    const work = this.#work;
    this.#work = undefined;
    await work?.close();
    const producer = this.#producer;
    this.#producer = undefined;
    await producer?.disconnect().catch(() => {});
  }

  async #listen(): Promise<void> {
    const client = relayClient({ connectionString: this.#o.connectionString, application_name: `${this.#o.schema}-relay`, keepAlive: true });
    const reconnect = () => {
      if (this.#listener !== client) return;
      this.#listener = undefined;
      if (this.#stopped) return;
      // The poll keeps events moving while LISTEN is down.
      setTimeout(() => void this.#listen().catch((e: unknown) => this.#o.logger.warn({ err: e }, 'outbox relay: LISTEN reconnect failed')), 1000).unref();
    };
    client.on('error', reconnect);
    client.on('end', reconnect);
    client.on('notification', () => this.kick());
    this.#listener = client;
    await client.connect();
    await client.query(`LISTEN ${this.#channel}`);
  }

  async #pass(): Promise<DrainPassResult> {
    try {
      return (await this.#publishBatch()) >= this.#o.batchSize ? 'more' : 'idle';
    } catch (error) {
      this.stats.failedBatches += 1;
      this.#o.logger.warn({ err: error }, 'outbox relay: publish failed, will retry');
      this.#loop.kickIn(backoffMs(1));
      return 'backoff';
    }
  }

  // One connection of the relay's own, on the simple query protocol, so that BEGIN travels with the
  // claim and COMMIT with the mark: two round trips per batch instead of four (each is a wait for
  // the event loop and the scheduler on a busy machine).
  // A connection that stops answering (a network partition, a half-open socket) must not stall the
  // relay for good: its statements time out and it is dropped. The server sees that session idle
  // inside the claim's transaction and ends it, so the claimed rows are unlocked for the next pass
  // (or another instance's relay); the Kafka send between claim and mark stays well inside that.
  async #workClient(): Promise<RelayClient> {
    if (this.#work) return this.#work;
    const client = relayClient({
      connectionString: this.#o.connectionString,
      application_name: `${this.#o.schema}-relay`,
      query_timeout: this.#o.queryTimeoutMs,
      keepAlive: true,
      options: `-c idle_in_transaction_session_timeout=${Math.trunc(2 * this.#o.queryTimeoutMs)}`,
    });
    const drop = () => {
      if (this.#work === client) this.#work = undefined;
    };
    client.on('error', drop);
    client.on('end', drop);
    await client.connect();
    this.#work = client;
    return client;
  }

  async #publishBatch(): Promise<number> {
    const producer = this.#producer;
    if (!producer) return 0;
    const client = await this.#workClient();
    const outbox = `"${this.#o.schema}".outbox`;
    try {
      const claimed = (await client.query(
        `begin; select * from ${outbox} where published_at is null and available_at <= now() order by seq limit ${Math.trunc(this.#o.batchSize)} for update skip locked`,
      )) as unknown as pg.QueryResult[];
      const rows = claimed[1]!.rows as OutboxRow[];
      if (rows.length === 0) {
        await client.query('commit');
        return 0;
      }
      const seqs = rows.map((r) => String(r.seq));
      if (!seqs.every((seq) => /^\d+$/.test(seq))) throw new Error('outbox relay: unexpected seq value');
      try {
        await this.#ensureTopics(rows);
        const byTopic = new Map<string, { key: string; value: string; headers: Record<string, string> }[]>();
        for (const row of rows) {
          const topic = `${this.#o.topicPrefix}${row.topic}`;
          const list = byTopic.get(topic) ?? [];
          list.push({ key: row.key, value: JSON.stringify(row.envelope), headers: { 'event-type': row.type, 'event-id': row.id } });
          byTopic.set(topic, list);
        }
        await producer.sendBatch({ acks: -1, topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })) });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await client.query(
          `update ${outbox} set attempts = attempts + 1, last_error = $1,
             available_at = now() + least(interval '30 seconds', interval '200 milliseconds' * power(2, attempts))
           where seq = any($2::bigint[])`,
          [message.slice(0, 1000), seqs],
        );
        await client.query('commit');
        this.stats.failedBatches += 1;
        this.#o.logger.warn({ err: error, events: rows.length }, 'outbox relay: Kafka publish failed, backing off');
        this.#loop.kickIn(backoffMs(Math.min(...rows.map((r) => r.attempts)) + 1));
        return 0;
      }
      await this.#o.faults.afterSend?.(rows);
      await client.query(`update ${outbox} set published_at = now(), attempts = attempts + 1, last_error = null where seq = any('{${seqs.join(',')}}'::bigint[]); commit`);
      this.stats.published += rows.length;
      return rows.length;
    } catch (error) {
      const drop = () => {
        if (this.#work === client) this.#work = undefined;
        void client.close();
      };
      // Unlock the claimed rows; a broken or silent connection is dropped and Postgres rolls back for us.
      if (error instanceof Error && error.message === QUERY_READ_TIMEOUT) drop();
      else await client.query('rollback').catch(drop);
      throw error;
    }
  }

  async #ensureTopics(rows: OutboxRow[]): Promise<void> {
    const topics = [...new Set(rows.map((r) => `${this.#o.topicPrefix}${r.topic}`))].filter((t) => !this.#knownTopics.has(t));
    if (topics.length === 0) return;
    await ensureTopics(this.#o.kafka, topics);
    for (const t of topics) this.#knownTopics.add(t);
  }

  async #purge(): Promise<void> {
    const now = Date.now();
    if (now - this.#lastPurge < 60_000) return;
    this.#lastPurge = now;
    await this.#o.db
      .deleteFrom('outbox')
      .where('published_at', '<', new Date(now - this.#o.retentionMs))
      .execute()
      .catch((error: unknown) => this.#o.logger.warn({ err: error }, 'outbox relay: purge failed'));
    // The kit's other table that grows with writes: idempotency keys past their day (ADR 0033).
    await purgeExpiredIdempotencyKeys(this.#o.db).catch((error: unknown) => this.#o.logger.warn({ err: error }, 'outbox relay: idempotency key purge failed'));
  }
}

