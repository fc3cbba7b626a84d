// A service's live topic for a page: the session's access token, re-sent whenever the session
// refreshes it, over `/api/<service>/live` on the page's own origin.
import { sessionStore } from '../session/session.store.ts';
import { liveUrl } from './live.backoff.ts';
import { followTopic, type LiveEvent } from './live.connection.ts';

export interface FollowLiveOptions {
  service: string;
  topic: string;
  onEvent(event: LiveEvent): void;
  onResync?(): void;
}

export function followLive(options: FollowLiveOptions): () => void {
  const { service, ...rest } = options;
  return followTopic({
    ...rest,
    url: liveUrl(window.location, service),
    getToken: () => sessionStore.getState().accessToken,
    watchToken: (onToken) =>
      sessionStore.subscribe((state, previous) => {
        if (state.accessToken && state.accessToken !== previous.accessToken) onToken(state.accessToken);
      }),
  });
}
