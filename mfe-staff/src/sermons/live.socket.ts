// Live sermon updates over the sermons service's WebSocket (services/kit/src/websocket/README.md,
// protocol v1): token in a first auth message, one subscription per followed sermon, reconnect with
// back-off and jitter, and a callback after each reconnect so the page refetches what it missed.
import { sessionStore } from '@lectern/shell-kit';
import { liveUrl, reconnectDelay } from './live.backoff.ts';

export interface LiveEvent {
  topic: string;
  event: string;
  data: unknown;
}

export interface LiveOptions {
  url?: string;
  topic: string;
  onEvent(event: LiveEvent): void;
  /** After a reconnect (not the first connection): events published meanwhile are not replayed. */
  onResync?(): void;
  getToken?: () => string | null;
}

export function followSermonLive(options: LiveOptions): () => void {
  const getToken = options.getToken ?? (() => sessionStore.getState().accessToken);
  let socket: WebSocket | null = null;
  let attempt = 0;
  let connectedOnce = false;
  let closed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stableTimer: ReturnType<typeof setTimeout> | undefined;

  const schedule = () => {
    if (closed) return;
    timer = setTimeout(connect, reconnectDelay(attempt++));
  };

  function connect() {
    const token = getToken();
    if (!token) {
      schedule();
      return;
    }
    // The token goes in a first `auth` message, not as a `bearer.<jwt>` subprotocol: through the
    // edge's proxy the selected subprotocol does not come back, and Chromium then fails the
    // handshake of a connection that offered any. Offering none works through both paths.
    const ws = new WebSocket(options.url ?? liveUrl(window.location));
    socket = ws;
    ws.onopen = () => ws.send(JSON.stringify({ type: 'auth', token }));
    ws.onmessage = (message) => {
      let frame: { type?: string; topic?: string; event?: string; data?: unknown };
      try {
        frame = JSON.parse(String(message.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'ready') {
        ws.send(JSON.stringify({ type: 'subscribe', topic: options.topic }));
      } else if (frame.type === 'subscribed') {
        if (connectedOnce) options.onResync?.();
        connectedOnce = true;
        // A connection that stays up for a minute resets the back-off.
        stableTimer = setTimeout(() => (attempt = 0), 60_000);
      } else if (frame.type === 'event' && frame.topic === options.topic && frame.event) {
        options.onEvent({ topic: frame.topic, event: frame.event, data: frame.data });
      }
    };
    ws.onclose = (event) => {
      clearTimeout(stableTimer);
      if (socket === ws) socket = null;
      // 4400 is a client bug: do not loop on it. Everything else (1001, 1006, 4401 after a token
      // refresh, 4408) reconnects; the next attempt reads the current token from the session.
      if (!closed && event.code !== 4400 && event.code !== 1000) schedule();
    };
  }

  connect();
  return () => {
    closed = true;
    clearTimeout(timer);
    clearTimeout(stableTimer);
    socket?.close(1000);
  };
}
