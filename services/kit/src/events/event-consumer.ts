// Consuming events at least once with an exactly-once effect: for each batch the handlers' writes
// and the inserts into processed_events commit in one transaction; an event id already recorded
// is skipped; Kafka offsets are committed only after that transaction — at most once per
// commitIntervalMs rather than after every batch (an offset commit is a Kafka round trip in the
// fetch loop; a replay after a crash or rebalance is skipped by processed_events anyway).
import type { AnyEventEnvelope, EventEnvelope, EventType } from '@lectern/events';
import { InvalidEventError, parseEnvelope, topicFor } from '@lectern/events';
import type { FastifyBaseLogger } from 'fastify';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Kysely, Transaction } from 'kysely';
import type { KitTables } from '../data/kit.tables.ts';
import { ensureTopics } from './kafka.ts';

type ConsumerLogger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;

export type EventHandler<DB, T extends EventType> = (trx: Transaction<DB & KitTables>, event: EventEnvelope<T>) => Promise<void>;
export type EventHandlers<DB> = { [T in EventType]?: EventHandler<DB, T> };

export interface EventConsumerOptions<DB> {
  kafka: Kafka;
  db: Kysely<DB & KitTables>;
  /** Kafka consumer group, and the name recorded in processed_events */
  groupId: string;
  /** services whose `<service>.events` topics to read */
  services: string[];
  handlers: EventHandlers<DB>;
  topicPrefix?: string;
  logger?: ConsumerLogger;
  /** read a new group's topics from the start (default true: no event published before is lost) */
  fromBeginning?: boolean;
  /**
   * batches (partitions) handled at once, each in its own transaction on its own pool connection
   * (default 6): keep the pool larger than this, or requests wait for connections
   */
  partitionsConsumedConcurrently?: number;
  /** commit Kafka offsets at most this often (ms, default 1000); they are committed on stop too */
  commitIntervalMs?: number;
  /** called with the events whose effects just committed (not duplicates); for metrics */
  onCommitted?: (events: AnyEventEnvelope[]) => void;
}

export interface ConsumerStats {
  handled: number;
  duplicates: number;
  ignored: number;
  invalid: number;
}

const noop: ConsumerLogger = { error() {}, warn() {}, info() {}, debug() {} };

export class EventConsumer<DB> {
  readonly stats: ConsumerStats = { handled: 0, duplicates: 0, ignored: 0, invalid: 0 };
  readonly #o: EventConsumerOptions<DB>;
  readonly #log: ConsumerLogger;
  #consumer: Consumer | undefined;
  #starting: Promise<void> | undefined;
  /** next offset to read per `topic|partition`, not yet committed to Kafka */
  readonly #uncommitted = new Map<string, { topic: string; partition: number; offset: string }>();

  constructor(options: EventConsumerOptions<DB>) {
    this.#o = options;
    this.#log = options.logger ?? noop;
  }

  get topics(): string[] {
    return this.#o.services.map((s) => `${this.#o.topicPrefix ?? ''}${topicFor(s)}`);
  }

  /** Join the group and consume; safe to call again after a failure. */
  start(): Promise<void> {
    this.#starting ??= this.#start().catch(async (error: unknown) => {
      this.#starting = undefined;
      await this.#disconnect();
      throw error;
    });
    return this.#starting;
  }

  async #start(): Promise<void> {
    await ensureTopics(this.#o.kafka, this.topics);
    const consumer = this.#o.kafka.consumer({
      groupId: this.#o.groupId,
      // A member that vanished without leaving (a SIGKILLed instance, a consumer that crashed while
      // the broker was away) holds its partitions and every rejoin until this times out.
      sessionTimeout: 10_000,
      heartbeatInterval: 1000,
      maxWaitTimeInMs: 100,
      // A lost broker is retried for as long as it takes; the group rejoins when it is back.
      retry: { retries: 10, initialRetryTime: 300, maxRetryTime: 10_000, restartOnFailure: async () => true },
    });
    this.#consumer = consumer;
    // After a rebalance another member may own these partitions: never commit for them on stop.
    consumer.on(consumer.events.GROUP_JOIN, () => this.#uncommitted.clear());
    await consumer.connect();
    await consumer.subscribe({ topics: this.topics, fromBeginning: this.#o.fromBeginning ?? true });
    await consumer.run({
      // kafkajs' autoCommit commits after every batch whatever the interval says; commit ourselves.
      autoCommit: false,
      autoCommitInterval: this.#o.commitIntervalMs ?? 1000,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.#o.partitionsConsumedConcurrently ?? 6,
      eachBatch: (payload) => this.#handleBatch(payload),
    });
  }

  async stop(): Promise<void> {
    await this.#starting?.catch(() => {});
    this.#starting = undefined;
    await this.#disconnect();
  }

  async #disconnect(): Promise<void> {
    const consumer = this.#consumer;
    this.#consumer = undefined;
    // Best effort: what is not committed is read again by the next member and skipped as duplicate.
    const offsets = [...this.#uncommitted.values()];
    this.#uncommitted.clear();
    if (consumer && offsets.length > 0) await consumer.commitOffsets(offsets).catch(() => {});
    await consumer?.disconnect().catch(() => {});
  }

  async #handleBatch({ batch, resolveOffset, commitOffsetsIfNecessary, uncommittedOffsets, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    if (batch.messages.length === 0 || !isRunning() || isStale()) return;
    const events: { offset: string; event: AnyEventEnvelope | undefined }[] = batch.messages.map((m) => {
      try {
        return { offset: m.offset, event: parseEnvelope(m.value ?? '') };
      } catch (error) {
        // A malformed message can never succeed: log it and move on rather than block the partition.
        this.stats.invalid += 1;
        this.#log.error({ topic: batch.topic, partition: batch.partition, offset: m.offset, reason: error instanceof InvalidEventError ? error.message : String(error) }, 'event consumer: invalid event skipped');
        return { offset: m.offset, event: undefined };
      }
    });
    const counts = { handled: 0, duplicates: 0, ignored: 0 };
    const applied: AnyEventEnvelope[] = [];
    await this.#o.db.transaction().execute(async (trx) => {
      const wanted: AnyEventEnvelope[] = [];
      for (const { event } of events) {
        if (!event) continue;
        if (this.#o.handlers[event.type]) wanted.push(event);
        else counts.ignored += 1;
      }
      if (wanted.length === 0) return;
      // One statement records the whole batch; the ids it returns are the ones not seen before.
      const fresh = new Set(
        (
          await (trx as unknown as Transaction<KitTables>)
            .insertInto('processed_events')
            .values(wanted.map((e) => ({ consumer: this.#o.groupId, event_id: e.id, type: e.type })))
            .onConflict((oc) => oc.doNothing())
            .returning('event_id')
            .execute()
        ).map((r) => r.event_id),
      );
      for (const event of wanted) {
        // A second copy inside the same batch is a duplicate too.
        if (!fresh.delete(event.id)) {
          counts.duplicates += 1;
          continue;
        }
        const handler = this.#o.handlers[event.type] as EventHandler<DB, EventType>;
        await handler(trx, event as EventEnvelope<EventType>);
        applied.push(event);
        counts.handled += 1;
      }
    });
    this.stats.handled += counts.handled;
    this.stats.duplicates += counts.duplicates;
    this.stats.ignored += counts.ignored;
    if (applied.length > 0) this.#o.onCommitted?.(applied);
    if (counts.duplicates > 0) this.#log.info({ duplicates: counts.duplicates }, 'event consumer: duplicate events skipped');
    const last = events.at(-1);
    if (last) {
      resolveOffset(last.offset);
      this.#uncommitted.set(`${batch.topic}|${batch.partition}`, { topic: batch.topic, partition: batch.partition, offset: (BigInt(last.offset) + 1n).toString() });
    }
    await commitOffsetsIfNecessary();
    try {
      await heartbeat();
    } catch (error) {
      // A rebalance: hand the partitions over with their offsets committed (what kafkajs'
      // autoCommit does), so the next owner replays less.
      await commitOffsetsIfNecessary(uncommittedOffsets()).catch(() => {});
      throw error;
    }
  }
}
