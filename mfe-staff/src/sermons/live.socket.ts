// Live sermon updates for the page: the sermons service's live socket, the session's token, and
// re-authentication whenever the session refreshes its access token.
import { sessionStore } from '@lectern/shell-kit';
import { liveUrl } from './live.backoff.ts';
import { followTopic } from './live.connection.ts';
import type { LiveEvent } from './live.connection.ts';

export type { LiveEvent };

export interface LiveOptions {
  topic: string;
  onEvent(event: LiveEvent): void;
  onResync?(): void;
}

export function followSermonLive(options: LiveOptions): () => void {
  return followTopic({
    ...options,
    url: liveUrl(window.location),
    getToken: () => sessionStore.getState().accessToken,
    watchToken: (onToken) =>
      sessionStore.subscribe((state, previous) => {
        if (state.accessToken && state.accessToken !== previous.accessToken) onToken(state.accessToken);
      }),
  });
}
