import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { Principal } from '../auth/auth.types.ts';
import type { LiveConnection, LiveHub } from './live.hub.ts';
import {
  BEARER_PROTOCOL_PREFIX,
  CLOSE,
  LIVE_SUBPROTOCOL,
  parseClientMessage,
  TOPIC_PATTERN,
  type ClientMessage,
  type LiveErrorCode,
  type ServerMessage,
} from './live.protocol.ts';

export type AuthorizeTopic = (principal: Principal, topic: string) => boolean | Promise<boolean>;

export interface LivePluginOptions {
  hub: LiveHub;
  /**
   * Decides whether the caller may follow a topic, e.g. "does sermon <id> belong to
   * principal.orgId". Called for every subscribe; nothing is delivered without a yes.
   */
  authorize: AuthorizeTopic;
  /** Route path under the plugin prefix (default `/live`). */
  path?: string;
  /** Token verifier; defaults to `fastify.verifyAccessToken` from the auth plugin. */
  verifyToken?: (token: string) => Promise<Principal>;
  /** Time a client has to authenticate after connecting (default 5 s). */
  authTimeoutMs?: number;
  /** Ping interval; a connection that did not answer the previous ping is dropped (default 30 s). */
  heartbeatIntervalMs?: number;
  maxSubscriptions?: number;
  /** Largest accepted client message, bytes (default 16 KiB). */
  maxPayload?: number;
}

/** Selects the live subprotocol and never echoes the `bearer.<token>` entry back. */
export function liveHandleProtocols(protocols: Set<string>): string | false {
  return protocols.has(LIVE_SUBPROTOCOL) ? LIVE_SUBPROTOCOL : false;
}

function tokenFromHandshake(request: IncomingMessage): string | null {
  const offered = request.headers['sec-websocket-protocol'];
  if (typeof offered === 'string') {
    for (const entry of offered.split(',')) {
      const value = entry.trim();
      if (value.startsWith(BEARER_PROTOCOL_PREFIX) && value.length > BEARER_PROTOCOL_PREFIX.length) {
        return value.slice(BEARER_PROTOCOL_PREFIX.length);
      }
    }
  }
  const authorization = request.headers.authorization;
  if (authorization && /^Bearer\s+\S+$/i.test(authorization)) return authorization.split(/\s+/)[1] ?? null;
  return null;
}

/**
 * `GET <prefix><path>`: browsers authenticate, subscribe to topics the `authorize` callback
 * approves, and receive `{type:'event', topic, event, data}` frames from `hub.publish`.
 * Register @fastify/websocket yourself (with `options.handleProtocols: liveHandleProtocols`)
 * when an app has more than one WebSocket route; otherwise this plugin registers it.
 */
export async function livePlugin(fastify: FastifyInstance, options: LivePluginOptions): Promise<void> {
  const { hub, authorize } = options;
  const verifyToken = options.verifyToken ?? (fastify.hasDecorator('verifyAccessToken') ? fastify.verifyAccessToken.bind(fastify) : null);
  if (!verifyToken) throw new Error('livePlugin: register the auth plugin first or pass verifyToken');
  const authTimeoutMs = options.authTimeoutMs ?? 5_000;
  const heartbeatMs = options.heartbeatIntervalMs ?? 30_000;
  const maxSubscriptions = options.maxSubscriptions ?? 100;
  const maxPayload = options.maxPayload ?? 16 * 1024;

  const mine = new Set<LiveConnection>();
  const heartbeat = setInterval(() => {
    for (const connection of mine) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }, heartbeatMs);
  heartbeat.unref();

  // Added before @fastify/websocket's own preClose (which closes without a code) so clients
  // see 1001 and know to reconnect.
  fastify.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const connection of mine) connection.socket.close(CLOSE.goingAway, 'server shutting down');
  });

  if (!fastify.hasDecorator('websocketServer')) {
    await fastify.register(websocket, { options: { maxPayload, handleProtocols: liveHandleProtocols } });
  }

  fastify.get(options.path ?? '/live', { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    const connection: LiveConnection = { socket, principal: null, topics: new Set(), alive: true };
    mine.add(connection);
    hub.add(connection);
    const log = request.log.child({ live: true });
    let expiryTimer: NodeJS.Timeout | undefined;
    // Messages are handled one after another, so a subscribe never overtakes the auth before it.
    let queue: Promise<void> = Promise.resolve();

    const send = (message: ServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const fail = (code: LiveErrorCode, message: string, topic?: string) => send({ type: 'error', code, message, ...(topic ? { topic } : {}) });

    const authenticate = async (token: string) => {
      let principal: Principal;
      try {
        principal = await verifyToken(token);
      } catch (error) {
        log.info({ reason: error instanceof Error ? error.message : String(error) }, 'live connection refused: bad token');
        socket.close(CLOSE.unauthenticated, 'unauthenticated');
        return;
      }
      if (connection.principal && connection.principal.userId !== principal.userId) {
        socket.close(CLOSE.unauthenticated, 'token is for another user');
        return;
      }
      if (connection.principal && connection.principal.orgId !== principal.orgId) {
        // Subscriptions were approved for the old organization: start over.
        for (const topic of [...connection.topics]) hub.unsubscribe(connection, topic);
      }
      connection.principal = principal;
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      const msLeft = Math.min(principal.expiresAt * 1000 - Date.now(), 2 ** 31 - 1);
      expiryTimer = setTimeout(() => socket.close(CLOSE.unauthenticated, 'token expired'), Math.max(msLeft, 0));
      // Which instance holds whose connection: operators (and the two-instance journey) read it here.
      log.info({ userId: principal.userId }, 'live connection ready');
      send({ type: 'ready', userId: principal.userId, expiresAt: principal.expiresAt });
    };

    const handle = async (message: ClientMessage) => {
      if (message.type === 'auth') return authenticate(message.token);
      if (message.type === 'ping') return send({ type: 'pong' });
      const principal = connection.principal;
      if (!principal) return fail('not_authenticated', 'Send {"type":"auth"} first.');
      const { topic } = message;
      if (message.type === 'unsubscribe') {
        hub.unsubscribe(connection, topic);
        return send({ type: 'unsubscribed', topic });
      }
      if (!TOPIC_PATTERN.test(topic)) return fail('bad_topic', 'Topics look like "sermon:<id>".', topic);
      if (connection.topics.has(topic)) return send({ type: 'subscribed', topic });
      if (connection.topics.size >= maxSubscriptions) return fail('too_many_subscriptions', `At most ${maxSubscriptions} topics per connection.`, topic);
      let allowed = false;
      try {
        allowed = (await authorize(principal, topic)) === true;
      } catch (error) {
        log.error({ err: error, topic }, 'live topic authorisation failed');
        return fail('internal', 'Could not check access to this topic.', topic);
      }
      if (!allowed) return fail('forbidden', 'You cannot follow this topic.', topic);
      if (socket.readyState !== socket.OPEN) return;
      hub.subscribe(connection, topic);
      send({ type: 'subscribed', topic });
    };

    const authTimer = setTimeout(() => {
      if (!connection.principal) socket.close(CLOSE.unauthenticated, 'authentication timeout');
    }, authTimeoutMs);

    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (raw: RawData, isBinary: boolean) => {
      const message = isBinary ? null : parseClientMessage(raw.toString());
      if (!message) {
        socket.close(CLOSE.badMessage, 'bad message');
        return;
      }
      queue = queue.then(() => handle(message)).catch((error: unknown) => log.error({ err: error }, 'live message failed'));
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      clearTimeout(expiryTimer);
      mine.delete(connection);
      hub.remove(connection);
    });

    const handshakeToken = tokenFromHandshake(request.raw);
    if (handshakeToken) queue = queue.then(() => authenticate(handshakeToken));
  });
}
