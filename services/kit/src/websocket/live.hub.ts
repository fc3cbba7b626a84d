import type { WebSocket } from 'ws';
import type { Principal } from '../auth/auth.types.ts';
import { CLOSE, type ServerMessage } from './live.protocol.ts';

export interface LiveMessage {
  event: string;
  data: unknown;
}

/** One browser connection, as the hub and the route see it. */
export interface LiveConnection {
  readonly socket: WebSocket;
  principal: Principal | null;
  readonly topics: Set<string>;
  alive: boolean;
}

export interface LiveHubOptions {
  /** A connection with more unsent bytes than this is closed as a slow consumer (default 1 MiB). */
  maxBufferedBytes?: number;
}

/**
 * In-process fan-out from topics to subscribed connections. Each service instance has one hub;
 * `LiveFanoutHub` (live.fanout.ts) extends it so a publish also reaches the other instances.
 */
export class LiveHub {
  readonly #topics = new Map<string, Set<LiveConnection>>();
  readonly #connections = new Set<LiveConnection>();
  readonly #maxBuffered: number;

  constructor(options: LiveHubOptions = {}) {
    this.#maxBuffered = options.maxBufferedBytes ?? 1024 * 1024;
  }

  /** Sends `{type:'event', topic, event, data}` to every subscriber; returns how many got it. */
  publish(topic: string, message: LiveMessage): number {
    const subscribers = this.#topics.get(topic);
    if (!subscribers || subscribers.size === 0) return 0;
    const frame = JSON.stringify({ type: 'event', topic, event: message.event, data: message.data } satisfies ServerMessage);
    let sent = 0;
    for (const connection of subscribers) {
      if (connection.socket.readyState !== connection.socket.OPEN) continue;
      if (connection.socket.bufferedAmount > this.#maxBuffered) {
        connection.socket.close(CLOSE.slowConsumer, 'slow consumer');
        continue;
      }
      connection.socket.send(frame);
      sent += 1;
    }
    return sent;
  }

  subscriberCount(topic: string): number {
    return this.#topics.get(topic)?.size ?? 0;
  }

  get connectionCount(): number {
    return this.#connections.size;
  }

  /** @internal used by the live route */
  add(connection: LiveConnection): void {
    this.#connections.add(connection);
  }

  /** @internal */
  subscribe(connection: LiveConnection, topic: string): void {
    connection.topics.add(topic);
    let set = this.#topics.get(topic);
    if (!set) this.#topics.set(topic, (set = new Set()));
    set.add(connection);
  }

  /** @internal */
  unsubscribe(connection: LiveConnection, topic: string): void {
    connection.topics.delete(topic);
    const set = this.#topics.get(topic);
    if (!set) return;
    set.delete(connection);
    if (set.size === 0) this.#topics.delete(topic);
  }

  /** @internal forget a closed connection and all its subscriptions */
  remove(connection: LiveConnection): void {
    for (const topic of [...connection.topics]) this.unsubscribe(connection, topic);
    this.#connections.delete(connection);
  }

  /** @internal */
  connections(): IterableIterator<LiveConnection> {
    return this.#connections.values();
  }
}
