// A sermon recording in the browser's media element, from a short-lived signed link: the store
// answers range requests, so seeking in a long recording fetches only what is played. When the
// link has expired the player asks for a new one and resumes at the same second.
import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import styled from 'styled-components';
import { Panel } from './Panel.tsx';
import { Spinner } from './Spinner.tsx';

export interface MediaSource {
  url: string;
  expiresAt: string | null;
  contentType: string | null;
}

export interface MediaPlayerHandle {
  /** Seeks to `seconds` and plays from there. */
  seek(seconds: number): void;
}

export interface MediaPlayerProps {
  /** Asks the server for a (fresh) signed link. */
  load: () => Promise<MediaSource>;
  title: string;
  /** Called on every time update with the share of the recording actually played (0…1). */
  onPlayed?: (share: number) => void;
  onTime?: (seconds: number) => void;
}

const Video = styled.video`
  display: block;
  width: 100%;
  max-height: 60vh;
  background: #000;
  border-radius: ${({ theme }) => theme.radius.md};
`;

/** Seconds covered by the element's played ranges, over its duration. */
export function playedShareOf(element: HTMLMediaElement): number {
  const duration = element.duration;
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  let total = 0;
  for (let i = 0; i < element.played.length; i += 1) total += element.played.end(i) - element.played.start(i);
  return Math.min(1, total / duration);
}

export const MediaPlayer = forwardRef<MediaPlayerHandle, MediaPlayerProps>(function MediaPlayer({ load, title, onPlayed, onTime }, ref) {
  const video = useRef<HTMLVideoElement>(null);
  const [source, setSource] = useState<MediaSource | null>(null);
  const [failed, setFailed] = useState(false);
  const resumeAt = useRef<number | null>(null);
  const retried = useRef(false);

  const fetchSource = useCallback(() => {
    load().then(
      (next) => {
        setSource(next);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, [load]);
  useEffect(fetchSource, [fetchSource]);

  useImperativeHandle(ref, () => ({
    seek(seconds: number) {
      const element = video.current;
      if (!element) return;
      element.currentTime = seconds;
      void element.play().catch(() => undefined);
    },
  }), []);

  if (failed) {
    return (
      <Panel tone="danger" role="alert">
        <p>The recording could not be loaded. Please try again later.</p>
      </Panel>
    );
  }
  if (!source) return <Spinner label="Loading the recording…" />;
  return (
    <Video
      ref={video}
      controls
      preload="metadata"
      playsInline
      aria-label={`Recording: ${title}`}
      src={source.url}
      data-testid="media-player"
      onLoadedMetadata={(event) => {
        if (resumeAt.current !== null) {
          event.currentTarget.currentTime = resumeAt.current;
          resumeAt.current = null;
          void event.currentTarget.play().catch(() => undefined);
        }
      }}
      onTimeUpdate={(event) => {
        onTime?.(event.currentTarget.currentTime);
        onPlayed?.(playedShareOf(event.currentTarget));
      }}
      onError={(event) => {
        // An expired link: ask once for a fresh one and resume where playback was.
        if (retried.current) return setFailed(true);
        retried.current = true;
        resumeAt.current = event.currentTarget.currentTime;
        fetchSource();
      }}
      onPlaying={() => {
        retried.current = false;
      }}
    >
      <track kind="captions" />
    </Video>
  );
});
