// The side panel: the reader's progress on this sermon, its favourite toggle and share buttons.
import styled from 'styled-components';
import { Card, showToast } from '@lectern/shell-kit';
import type { MemberSermon } from '../member/member.types.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { ProgressBar } from './ProgressBar.tsx';

const Side = styled(Card)`
  padding: 1.1rem;
  h2 { font-size: 1.1rem; margin: 0 0 0.7rem; }
  ul { list-style: none; padding: 0; margin: 0.8rem 0; }
  li { display: flex; justify-content: space-between; gap: 0.5rem; padding: 0.3rem 0; border-bottom: 1px dashed ${({ theme }) => theme.colors.border}; }
  li:last-child { border-bottom: 0; }
`;

const Share = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  margin-top: 0.5rem;
  a, button {
    font: inherit; font-size: 0.9rem; padding: 0.45rem 0.8rem; min-height: 44px; display: inline-flex; align-items: center;
    border-radius: ${({ theme }) => theme.radius.sm}; border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.primary}; cursor: pointer; text-decoration: none;
  }
`;

const Row = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 0.5rem;
`;

export function ProgressPanel({ data, onFavorite }: { data: MemberSermon; onFavorite: (favorite: boolean) => void }) {
  const { progress, sermon, devotionals } = data;
  const daysDone = devotionals.filter((d) => progress.days[d.id]).length;
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ kind: 'success', title: 'Link copied to clipboard' });
    } catch {
      showToast({ kind: 'error', title: 'Could not copy the link' });
    }
  };
  return (
    <Side as="aside" aria-labelledby="progress-heading">
      <Row>
        <h2 id="progress-heading">Your Progress</h2>
        <FavoriteButton favorite={progress.favorite} title={sermon.title} onToggle={onFavorite} />
      </Row>
      <ProgressBar percent={progress.percent} label="Sermon progress" />
      <ul>
        <li><span>Outline</span><span>{progress.outlineRead ? '✓ Read' : 'Not read'}</span></li>
        <li><span>Devotional</span><span>{progress.devotionalCompleted ? '✓ Completed' : `${daysDone} of ${devotionals.length || 5} days`}</span></li>
        <li><span>Video</span><span>{progress.videoCompleted ? '✓ Watched' : sermon.hasMedia ? 'Not watched' : 'No recording'}</span></li>
      </ul>
      <h2>Share</h2>
      <Share>
        <button type="button" onClick={() => void copy()}>Copy Link</button>
        <a href={`mailto:?subject=${encodeURIComponent(sermon.title)}&body=${encodeURIComponent(url)}`}>Email</a>
        <a href={`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer">Facebook</a>
        <a href={`https://twitter.com/intent/tweet?text=${encodeURIComponent(sermon.title)}&url=${encodeURIComponent(url)}`} target="_blank" rel="noopener noreferrer">X</a>
      </Share>
    </Side>
  );
}
