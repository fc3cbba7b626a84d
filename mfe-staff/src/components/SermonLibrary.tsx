import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ErrorPanel, Spinner } from '@lectern/shell-kit';
import type { SermonSummary } from '../sermons/sermon.types.ts';
import { formatDate } from '../sermons/sermon.format.ts';
import { STATUS_TEXT, StatusIcon } from './SermonStatus.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: grid;
    grid-template-columns: auto 1fr auto;
    align-items: center;
    gap: 1rem;
    padding: 0.85rem 0.5rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: inherit;
    text-decoration: none;
  }
  li:first-child a { border-top: 0; }
  a:hover { background: ${({ theme }) => theme.colors.page}; }
  small { color: ${({ theme }) => theme.colors.inkMuted}; }
`;

/** 'Sermon Library', newest first; each row opens the sermon. */
export function SermonLibrary({ sermons, loading, error, onRetry }: { sermons: SermonSummary[] | null; loading: boolean; error: string | null; onRetry(): void }) {
  if (loading && !sermons) return <Spinner label="Loading sermons…" />;
  if (error && !sermons) return <ErrorPanel title="The sermon library could not be loaded" message={error} onRetry={onRetry} />;
  if (!sermons || sermons.length === 0) return <p>No sermons uploaded yet</p>;
  return (
    <List aria-label="Sermon Library">
      {sermons.map((sermon) => (
        <li key={sermon.id}>
          <Link to={`/sermons/${sermon.id}`}>
            <StatusIcon status={sermon.status} />
            <div>
              <strong>{sermon.title}</strong>
              <br />
              <small>
                {sermon.speaker} · {formatDate(sermon.recordedAt)}
              </small>
            </div>
            <span>{STATUS_TEXT[sermon.status]}</span>
          </Link>
        </li>
      ))}
    </List>
  );
}
