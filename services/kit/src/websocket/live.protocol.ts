// The wire protocol of `GET <prefix>/live`; README.md in this folder is the client-facing copy.

/** Offer this subprotocol; the server selects it and never echoes the token entry. */
export const LIVE_SUBPROTOCOL = 'lectern.live.v1';
/** Subprotocol entry carrying the access token: `bearer.<jwt>` (JWT characters are valid there). */
export const BEARER_PROTOCOL_PREFIX = 'bearer.';

export const CLOSE = {
  /** Server shutting down or restarting: reconnect with backoff. */
  goingAway: 1001,
  /** Not JSON, unknown type, or too large. Do not reconnect with the same client code. */
  badMessage: 4400,
  /** No/invalid/expired token, or auth not sent in time: get a fresh token, then reconnect. */
  unauthenticated: 4401,
  /** Too slow to read its messages: reconnect. */
  slowConsumer: 4408,
} as const;

export type ClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'subscribe'; topic: string }
  | { type: 'unsubscribe'; topic: string }
  | { type: 'ping' };

export type ServerMessage =
  | { type: 'ready'; userId: string; expiresAt: number }
  | { type: 'subscribed'; topic: string }
  | { type: 'unsubscribed'; topic: string }
  | { type: 'event'; topic: string; event: string; data: unknown }
  | { type: 'error'; code: LiveErrorCode; message: string; topic?: string }
  | { type: 'pong' };

export type LiveErrorCode = 'bad_message' | 'bad_topic' | 'forbidden' | 'too_many_subscriptions' | 'not_authenticated' | 'internal';

/** `<kind>:<id>`, e.g. `sermon:3f2c…` or `migration:42`. */
export const TOPIC_PATTERN = /^[a-z][a-z0-9-]{0,31}:[A-Za-z0-9_.:-]{1,128}$/;

export function parseClientMessage(raw: string): ClientMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'auth':
      return typeof message.token === 'string' && message.token !== '' ? { type: 'auth', token: message.token } : null;
    case 'subscribe':
    case 'unsubscribe':
      return typeof message.topic === 'string' ? { type: message.type, topic: message.topic } : null;
    case 'ping':
      return { type: 'ping' };
    default:
      return null;
  }
}
