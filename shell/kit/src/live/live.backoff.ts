// Reconnect timing and address of the live connection (kit WebSocket README: 0.5 s doubling to 30 s, jitter).
/** 0.5 s doubling to 30 s, with up to 25% jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** attempt);
  return Math.round(base * (1 + random() * 0.25));
}

/** A service's live WebSocket through the one origin (`/api/<service>/live`). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>, service = 'sermons'): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/${service}/live`;
}
