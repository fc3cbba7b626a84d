// One sermon of the library: title, series, speaker, date, duration, the reader's progress and a
// favourite toggle.
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { formatDate, formatDuration } from '../member/member.format.ts';
import type { SermonSummary } from '../member/member.types.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { ProgressBar } from './ProgressBar.tsx';

const Item = styled.li`
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem 1.1rem;
  display: flex;
  flex-direction: column;
  gap: 0.5rem;
  min-width: 0;
  h3 { margin: 0; font-size: 1.1rem; overflow-wrap: anywhere; }
  h3 a { color: ${({ theme }) => theme.colors.ink}; text-decoration: none; }
  h3 a:hover { text-decoration: underline; }
`;

const Top = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: 0.5rem;
`;

export const SeriesBadge = styled.span`
  display: inline-block;
  font-size: 0.78rem;
  font-weight: 600;
  padding: 0.15rem 0.55rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.accentSoft};
  color: #6b4a10;
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkMuted};
  font-size: 0.9rem;
  overflow-wrap: anywhere;
`;

export function SermonCard({ sermon, onFavorite }: { sermon: SermonSummary; onFavorite: (sermon: SermonSummary, favorite: boolean) => void }) {
  const meta = [sermon.speaker, formatDate(sermon.recordedAt ?? sermon.createdAt), formatDuration(sermon.duration)].filter(Boolean).join(' · ');
  return (
    <Item data-testid="sermon-card">
      <Top>
        <SeriesBadge>{sermon.series}</SeriesBadge>
        <FavoriteButton favorite={sermon.favorite} title={sermon.title} onToggle={(favorite) => onFavorite(sermon, favorite)} />
      </Top>
      <h3>
        <Link to={`/sermons/${sermon.id}`}>{sermon.title}</Link>
      </h3>
      {meta && <Meta>{meta}</Meta>}
      {sermon.theme && <Meta>{sermon.theme}</Meta>}
      <ProgressBar percent={sermon.progress.percent} label={`${sermon.title} progress`} />
    </Item>
  );
}
