// Consuming events at least once with an exactly-once effect: for each batch the handlers' writes
// and the inserts into processed_events commit in one transaction; an event id already recorded
// is skipped; Kafka offsets are committed only after that transaction — at most once per
// commitIntervalMs rather than after every batch (an offset commit is a Kafka round trip in the
// fetch loop; a replay after a crash or rebalance is skipped by processed_events anyway).
//
// kafkajs restarts a crashed consumer only when the error is retriable; otherwise (a handler's
// TypeError, KafkaJSGroupCoordinatorNotFound after a broker restart: tulios/kafkajs#1445, #1630)
// it emits CRASH with restart false and the consumer is gone for good. Such a consumer, and one that
// has neither fetched nor handled a batch for stallMs while the broker answers, is replaced by a
// new one in the same group (ADR 0032).
import type { AnyEventEnvelope, EventEnvelope, EventType } from '@lectern/events';
import { InvalidEventError, parseEnvelope, topicFor } from '@lectern/events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Consumer, EachBatchPayload, Kafka } from 'kafkajs';
import type { Kysely, Transaction } from 'kysely';
import type { KitTables } from '../data/kit.tables.ts';
import { retryUntilStopped } from '../lifecycle/retry.ts';
import { ensureTopics, pingKafka } from './kafka.ts';

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
  /**
   * replace the Kafka consumer when it has neither fetched nor handled a batch for this long and the
   * broker has answered for the last min(15 s, stallMs / 2) (ms, default 60 000: longer than a group
   * rejoin, which can wait up to kafkajs' 60 s rebalance time-out for other members)
   */
  stallMs?: number;
}

export interface ConsumerStats {
  handled: number;
  duplicates: number;
  ignored: number;
  invalid: number;
  /** Kafka consumers replaced after kafkajs gave up on one or it stalled */
  replaced: number;
}

/** What readyz reports for a consumer (ADR 0032): whether it is in its group and reading. */
export interface ConsumerProgress {
  group: string;
  topics: string[];
  /**
   * starting: joining its group (or a replacement starting); consuming: fetched or handled a batch
   * within stallMs; stalled: nothing for stallMs (the watchdog replaces it once the broker answers);
   * stopped: stop() was called
   */
  state: 'starting' | 'consuming' | 'stalled' | 'stopped';
  /** seconds since the current consumer last fetched, handled a batch or joined its group */
  idleSeconds: number | null;
  handled: number;
  replaced: number;
}

const noop: ConsumerLogger = { error() {}, warn() {}, info() {}, debug() {} };

/** How long a consumer being replaced or stopped gets to leave the group; a hung one is let go. */
const DISCONNECT_WITHIN_MS = 10_000;

async function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => {}), new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

export class EventConsumer<DB> {
  readonly stats: ConsumerStats = { handled: 0, duplicates: 0, ignored: 0, invalid: 0, replaced: 0 };
  readonly #o: EventConsumerOptions<DB>;
  readonly #log: ConsumerLogger;
  readonly #stallMs: number;
  #consumer: Consumer | undefined;
  /** the consumer whose fetch loop runs (consumer.run() returned), until it is replaced or stopped */
  #running: Consumer | undefined;
  #starting: Promise<void> | undefined;
  /** aborted by stop(): ends a replacement in progress */
  #lifetime = new AbortController();
  #watchdog: NodeJS.Timeout | undefined;
  #checkingStall = false;
  /** while the consumer looks stalled: since when a fresh connection to the broker has answered */
  #brokerAnsweringSince: number | undefined;
  /** when the current consumer last fetched, handled a batch or joined the group (or was created) */
  #lastProgressAt = 0;
  #lastReplacedAt = 0;
  #replaceDelayMs = 0;
  /** next offset to read per `topic|partition`, not yet committed to Kafka */
  readonly #uncommitted = new Map<string, { topic: string; partition: number; offset: string }>();

  constructor(options: EventConsumerOptions<DB>) {
    this.#o = options;
    this.#log = options.logger ?? noop;
    this.#stallMs = options.stallMs ?? 60_000;
  }

  get topics(): string[] {
    return this.#o.services.map((s) => `${this.#o.topicPrefix ?? ''}${topicFor(s)}`);
  }

  /** Join the group and consume; safe to call again after a failure. */
  start(): Promise<void> {
    if (this.#lifetime.signal.aborted) this.#lifetime = new AbortController();
    return this.#startOnce();
  }

  #startOnce(): Promise<void> {
    if (this.#lifetime.signal.aborted) return Promise.resolve(); // stopped meanwhile
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
    this.#lastProgressAt = Date.now();
    const current = () => this.#consumer === consumer;
    const progressed = () => {
      if (current()) this.#lastProgressAt = Date.now();
    };
    consumer.on(consumer.events.GROUP_JOIN, () => {
      progressed();
      // After a rebalance another member may own these partitions: never commit for them on stop.
      if (current()) this.#uncommitted.clear();
    });
    consumer.on(consumer.events.FETCH, progressed);
    consumer.on(consumer.events.START_BATCH_PROCESS, progressed);
    consumer.on(consumer.events.END_BATCH_PROCESS, progressed);
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (!payload.restart) void this.#replace(consumer, 'kafkajs gave up on the consumer after a crash', payload.error);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: this.topics, fromBeginning: this.#o.fromBeginning ?? true });
    await consumer.run({
      // kafkajs' autoCommit commits after every batch whatever the interval says; commit ourselves.
      autoCommit: false,
      autoCommitInterval: this.#o.commitIntervalMs ?? 1000,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.#o.partitionsConsumedConcurrently ?? 6,
      eachBatch: (payload) => this.#handleBatch(consumer, payload),
    });
    if (current()) this.#running = consumer;
    this.#watch();
  }

  progress(now = Date.now()): ConsumerProgress {
    const running = this.#running !== undefined && this.#running === this.#consumer;
    const idleMs = now - this.#lastProgressAt;
    const state = this.#lifetime.signal.aborted ? 'stopped' : !running ? 'starting' : idleMs >= this.#stallMs ? 'stalled' : 'consuming';
    return {
      group: this.#o.groupId,
      topics: this.topics,
      state,
      idleSeconds: running ? Math.round(idleMs / 1000) : null,
      handled: this.stats.handled,
      replaced: this.stats.replaced,
    };
  }

  async stop(): Promise<void> {
    this.#lifetime.abort();
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
    await this.#starting?.catch(() => {});
    this.#starting = undefined;
    await this.#disconnect();
  }

  async #disconnect(): Promise<void> {
    const consumer = this.#consumer;
    this.#consumer = undefined;
    if (!consumer) return;
    // Best effort: what is not committed is read again by the next member and skipped as duplicate.
    const offsets = [...this.#uncommitted.values()];
    this.#uncommitted.clear();
    await settleWithin((async () => {
      if (offsets.length > 0) await consumer.commitOffsets(offsets).catch(() => {});
      await consumer.disconnect();
    })(), DISCONNECT_WITHIN_MS);
  }

  /** Let `dead` go and start a new consumer in its place, after a pause that grows while replacements keep coming. */
  async #replace(dead: Consumer, reason: string, error?: unknown): Promise<void> {
    if (dead !== this.#consumer || this.#lifetime.signal.aborted) return;
    const lifetime = this.#lifetime.signal;
    this.#consumer = undefined;
    this.#starting = undefined;
    // Its partitions go to the next member, which replays from the committed offsets.
    this.#uncommitted.clear();
    this.stats.replaced += 1;
    const now = Date.now();
    this.#replaceDelayMs = now - this.#lastReplacedAt < 2 * this.#stallMs ? Math.min(30_000, Math.max(1000, this.#replaceDelayMs * 2)) : 1000;
    this.#lastReplacedAt = now;
    this.#log.error({ err: error, groupId: this.#o.groupId, replaced: this.stats.replaced, delayMs: this.#replaceDelayMs }, `event consumer: ${reason}; starting a new one`);
    await settleWithin(dead.disconnect(), DISCONNECT_WITHIN_MS);
    await sleep(this.#replaceDelayMs, undefined, { signal: lifetime }).catch(() => {});
    await retryUntilStopped(() => this.#startOnce(), lifetime, this.#log, `consumer ${this.topics.join(',')}`);
  }

  #watch(): void {
    if (this.#watchdog || this.#lifetime.signal.aborted) return;
    this.#watchdog = setInterval(() => void this.#checkStall(), Math.max(200, Math.min(5000, this.#stallMs / 4)));
    this.#watchdog.unref();
  }

  async #checkStall(): Promise<void> {
    const consumer = this.#consumer;
    const stalled = () => consumer === this.#consumer && Date.now() - this.#lastProgressAt >= this.#stallMs;
    if (!consumer || this.#checkingStall || !stalled()) {
      this.#brokerAnsweringSince = undefined;
      return;
    }
    this.#checkingStall = true;
    try {
      // A consumer cannot fetch while the broker is away, and once it is back kafkajs needs a few
      // seconds to reconnect (its retries back off up to 10 s): the broker has to answer for a
      // while before a consumer that still does not fetch counts as stuck.
      const brokerAnswers = await pingKafka(this.#o.kafka, AbortSignal.timeout(5000)).then(() => true, () => false);
      const now = Date.now();
      this.#brokerAnsweringSince = brokerAnswers ? (this.#brokerAnsweringSince ?? now) : undefined;
      if (this.#brokerAnsweringSince !== undefined && now - this.#brokerAnsweringSince >= Math.min(15_000, this.#stallMs / 2) && stalled()) {
        this.#brokerAnsweringSince = undefined;
        await this.#replace(consumer, `no fetch and no batch for ${Math.round((now - this.#lastProgressAt) / 1000)} s while the broker answers`);
      }
    } finally {
      this.#checkingStall = false;
    }
  }

  async #handleBatch(consumer: Consumer, { batch, resolveOffset, commitOffsetsIfNecessary, uncommittedOffsets, heartbeat, isRunning, isStale }: EachBatchPayload): Promise<void> {
    // A replaced consumer that comes back to life hands nothing more to the handlers.
    if (consumer !== this.#consumer || batch.messages.length === 0 || !isRunning() || isStale()) return;
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
    if (consumer !== this.#consumer) return; // replaced meanwhile: its offsets are not ours to commit
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
