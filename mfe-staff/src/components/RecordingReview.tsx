// The recording beside its transcript on the review page: every recognised word is a button that
// seeks the player to the second it was said, so a quotation can be checked by ear.
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, MediaPlayer } from '@lectern/shell-kit';
import type { MediaPlayerHandle } from '@lectern/shell-kit';
import { createSermonsClient } from '../sermons/sermons.client.ts';
import type { TranscriptWord } from '../sermons/sermon.types.ts';

const sermons = createSermonsClient();

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 1rem;
  margin-top: 0.75rem;
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: minmax(0, 1fr); }
`;

const Words = styled.div`
  max-height: 360px;
  overflow-y: auto;
  line-height: 1.9;
  background: ${({ theme }) => theme.colors.page};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  padding: 0.75rem 1rem;
  button {
    border: 0; background: none; font: inherit; padding: 0 0.12em; margin: 0; cursor: pointer; color: ${({ theme }) => theme.colors.ink}; border-radius: 3px;
  }
  button:hover { background: ${({ theme }) => theme.colors.accentSoft}; }
  button[aria-current='true'] { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; }
`;

function formatTime(seconds: number): string {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

const WordList = memo(function WordList({ words, onSeek }: { words: TranscriptWord[]; onSeek: (seconds: number) => void }) {
  return (
    <>
      {words.map((word, index) => (
        <button key={index} type="button" data-word-index={index} title={formatTime(word.start)} onClick={() => onSeek(word.start)}>
          {word.word.trim()}
        </button>
      ))}
    </>
  );
});

/** Index of the word being said at `seconds` (binary search over start times). */
export function wordAt(words: TranscriptWord[], seconds: number): number {
  let low = 0;
  let high = words.length - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if ((words[mid] as TranscriptWord).start <= seconds) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}

export function RecordingReview({ sermonId, title }: { sermonId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [words, setWords] = useState<TranscriptWord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const player = useRef<MediaPlayerHandle>(null);
  const container = useRef<HTMLDivElement>(null);
  const current = useRef(-1);
  const load = useCallback(() => sermons.playback(sermonId), [sermonId]);

  useEffect(() => {
    if (!open || words) return;
    sermons.transcriptWords(sermonId).then((body) => setWords(body.words), () => setFailed(true));
  }, [open, words, sermonId]);

  // The highlight follows playback without re-rendering thousands of words.
  const onTime = useCallback((seconds: number) => {
    if (!words || !container.current) return;
    const index = wordAt(words, seconds);
    if (index === current.current) return;
    container.current.querySelector(`[data-word-index="${current.current}"]`)?.removeAttribute('aria-current');
    container.current.querySelector(`[data-word-index="${index}"]`)?.setAttribute('aria-current', 'true');
    current.current = index;
  }, [words]);
  const onSeek = useCallback((seconds: number) => player.current?.seek(seconds), []);

  if (!open) {
    return (
      <Button type="button" $variant="secondary" onClick={() => setOpen(true)} style={{ marginTop: '0.75rem' }}>
        Listen and check the transcript
      </Button>
    );
  }
  return (
    <Layout>
      <div>
        <MediaPlayer ref={player} load={load} title={title} onTime={onTime} />
      </div>
      <div>
        <p>Click a word to hear it in the recording.</p>
        {failed ? (
          <p>The word timings could not be loaded.</p>
        ) : (
          <Words ref={container} data-testid="transcript-words" aria-label="Transcript words">
            {words ? <WordList words={words} onSeek={onSeek} /> : 'Loading…'}
          </Words>
        )}
      </div>
    </Layout>
  );
}
