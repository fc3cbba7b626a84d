// A LiveHub shared by every instance of a service (ADR 0020): a publish reaches this instance's
// subscribers at once and the other instances through Postgres NOTIFY on a channel of the
// service's schema; each instance LISTENs and hands what another one sent to its own sockets.
// Subscriptions (and the role/tenant check made at subscribe time) stay per instance.
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { LiveHub, type LiveHubOptions, type LiveMessage } from './live.hub.ts';

type FanoutLogger = Pick<FastifyBaseLogger, 'warn' | 'info'>;

export interface LiveFanoutOptions extends LiveHubOptions {
  connectionString: string;
  /** the service's schema: one channel per schema, so services and test schemas never mix */
  schema: string;
  logger: FanoutLogger;
  /** wait before re-LISTENing after the connection was lost (default 1000 ms) */
  reconnectMs?: number;
}

/** NOTIFY payloads are limited to 8000 bytes by Postgres. */
const MAX_PAYLOAD_BYTES = 7900;

interface Wire {
  /** the sending instance: it already pushed locally */
  o: string;
  t: string;
  e: string;
  d: unknown;
}

/** Schema names are at most 63 characters (assertSchemaName), so `live_` + name may need a hash. */
export function liveChannel(schema: string): string {
  const channel = `live_${schema}`;
  return channel.length <= 63 ? channel : `live_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

export class LiveFanoutHub extends LiveHub {
  readonly instanceId = randomUUID();
  readonly stats = { sent: 0, received: 0, dropped: 0, reconnects: 0 };
  readonly #o: LiveFanoutOptions;
  readonly #channel: string;
  #listener: pg.Client | undefined;
  #sender: pg.Client | undefined;
  /** NOTIFYs go out one after another on one connection, so other instances see them in order */
  #queue: Promise<void> = Promise.resolve();
  #stopped = true;
  #listening: Promise<void> | undefined;

  constructor(options: LiveFanoutOptions) {
    super(options);
    this.#o = options;
    this.#channel = liveChannel(options.schema);
  }

  /** Pushes to this instance's subscribers now and to the other instances' after one NOTIFY. */
  override publish(topic: string, message: LiveMessage): number {
    const sent = super.publish(topic, message);
    const payload = JSON.stringify({ o: this.instanceId, t: topic, e: message.event, d: message.data } satisfies Wire);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.stats.dropped += 1;
      this.#o.logger.warn({ topic, event: message.event }, 'live fan-out: message too large for NOTIFY, other instances not told');
      return sent;
    }
    this.#queue = this.#queue.then(() => this.#notify(payload));
    return sent;
  }

  /** LISTEN on the channel; reconnects by itself when Postgres goes away. */
  start(): Promise<void> {
    this.#stopped = false;
    this.#listening ??= this.#listen();
    return this.#listening;
  }

  /** Resolves once every NOTIFY queued so far was sent (or failed). */
  flush(): Promise<void> {
    return this.#queue;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await this.#queue;
    const clients = [this.#listener, this.#sender];
    this.#listener = undefined;
    this.#sender = undefined;
    this.#listening = undefined;
    await Promise.all(clients.map((c) => c?.end().catch(() => {})));
  }

  async #notify(payload: string): Promise<void> {
    if (this.#stopped) return;
    try {
      const sender = await this.#senderClient();
      await sender.query('select pg_notify($1, $2)', [this.#channel, payload]);
      this.stats.sent += 1;
    } catch (error) {
      // The local push already happened; other instances' clients resync over REST on reconnect.
      this.stats.dropped += 1;
      this.#o.logger.warn({ err: error }, 'live fan-out: NOTIFY failed');
    }
  }

  async #senderClient(): Promise<pg.Client> {
    if (this.#sender) return this.#sender;
    const client = new pg.Client({ connectionString: this.#o.connectionString, application_name: `${this.#o.schema}-live`, connectionTimeoutMillis: 5000 });
    const drop = () => {
      if (this.#sender === client) this.#sender = undefined;
    };
    client.on('error', drop);
    client.on('end', drop);
    await client.connect();
    this.#sender = client;
    return client;
  }

  async #listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#o.connectionString, application_name: `${this.#o.schema}-live`, connectionTimeoutMillis: 5000 });
    const retry = () => {
      if (this.#listener !== client) return;
      this.#listener = undefined;
      this.#listening = undefined;
      if (this.#stopped) return;
      this.stats.reconnects += 1;
      setTimeout(() => {
        if (this.#stopped || this.#listening) return;
        this.#listening = this.#listen().catch((error: unknown) => {
          this.#o.logger.warn({ err: error }, 'live fan-out: LISTEN reconnect failed');
        });
      }, this.#o.reconnectMs ?? 1000).unref();
    };
    client.on('error', retry);
    client.on('end', retry);
    client.on('notification', (notification) => this.#received(notification.payload));
    this.#listener = client;
    try {
      await client.connect();
      await client.query(`LISTEN "${this.#channel}"`);
    } catch (error) {
      retry();
      throw error;
    }
  }

  #received(payload: string | undefined): void {
    if (!payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(payload) as Wire;
    } catch {
      return;
    }
    if (wire.o === this.instanceId || typeof wire.t !== 'string' || typeof wire.e !== 'string') return;
    this.stats.received += 1;
    super.publish(wire.t, { event: wire.e, data: wire.d });
  }
}
