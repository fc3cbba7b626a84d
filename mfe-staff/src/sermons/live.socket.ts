// Live sermon updates for the page: the sermons service's live socket (shell kit followLive).
import { followLive, type LiveEvent } from '@lectern/shell-kit';

export type { LiveEvent };

export interface LiveOptions {
  topic: string;
  onEvent(event: LiveEvent): void;
  onResync?(): void;
}

export function followSermonLive(options: LiveOptions): () => void {
  return followLive({ service: 'sermons', ...options });
}
