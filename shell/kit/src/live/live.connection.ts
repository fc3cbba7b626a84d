// One followed topic over a service's live WebSocket (services/kit/src/websocket/README.md,
// protocol v1): the token in a first `auth` message, a subscription per connection, reconnect with
// back-off and jitter, and a callback after each reconnect so the page refetches what it missed.
// No session or window here: the caller passes the URL and the token source (testable in Node).
import { reconnectDelay } from './live.backoff.ts';

export interface LiveEvent {
  topic: string;
  event: string;
  data: unknown;
}

export interface LiveConnectionOptions {
  url: string;
  topic: string;
  getToken(): string | null;
  /** Calls back with each new access token; returns the unsubscribe. Lets the socket re-authenticate before the old token expires. */
  watchToken?(onToken: (token: string) => void): () => void;
  onEvent(event: LiveEvent): void;
  /** After a reconnect (not the first connection): events published meanwhile are not replayed. */
  onResync?(): void;
  /** Test hook: the delay before reconnect attempt n. */
  delay?(attempt: number): number;
}

/** Close codes after which reconnecting cannot help (kit README: 4400 is a client bug; 1000 is ours). */
const FINAL_CLOSE_CODES = new Set([1000, 4400]);

export function followTopic(options: LiveConnectionOptions): () => void {
  const delay = options.delay ?? reconnectDelay;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let subscribedBefore = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(connect, delay(attempt++));
  };

  function connect() {
    const token = options.getToken();
    if (!token) {
      schedule();
      return;
    }
    // The token goes in a first `auth` message, not as a `bearer.<jwt>` subprotocol: through the
    // edge's proxy the selected subprotocol does not come back, and Chromium then fails the
    // handshake of a connection that offered any. Offering none works through both paths.
    const ws = new WebSocket(options.url);
    socket = ws;
    let subscribedHere = false;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (message) => {
      let frame: { type?: string; topic?: string; event?: string; data?: unknown };
      try {
        frame = JSON.parse(String(message.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        // 'ready' also answers a re-authentication: the subscription is still there then.
        if (!subscribedHere) ws.send(JSON.stringify({ type: 'subscribe', topic: options.topic }));
      } else if (frame.type === 'subscribed' && frame.topic === options.topic) {
        if (subscribedHere) return;
        subscribedHere = true;
        if (subscribedBefore) options.onResync?.();
        subscribedBefore = true;
        // A connection that stays up for a minute resets the back-off.
        stableTimer = setTimeout(() => (attempt = 0), 60_000);
      } else if (frame.type === 'event' && frame.topic === options.topic && frame.event) {
        options.onEvent({ topic: frame.topic, event: frame.event, data: frame.data });
      }
    };
    ws.onclose = (event) => {
      clearTimeout(stableTimer);
      if (socket === ws) socket = null;
      // Everything but a final code reconnects (1001, 1006, 4401 after a token expiry, 4408); the
      // next attempt reads the current token.
      if (!closed && !FINAL_CLOSE_CODES.has(event.code)) schedule();
    };
  }

  // A refreshed access token is sent on the open connection, so the server does not close it at
  // the old token's expiry (4401) and no events are missed in a reconnect.
  const stopWatching = options.watchToken?.((token) => {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'auth', token }));
  });

  connect();
  return () => {
    closed = true;
    stopWatching?.();
    clearTimeout(timer);
    clearTimeout(stableTimer);
    socket?.close(1000);
  };
}
