import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ErrorPanel, Spinner } from '@lectern/shell-kit';
import type { SermonStatus, SermonSummary } from '../sermons/sermon.types.ts';
import { formatDate } from '../sermons/sermon.format.ts';
import { STATUS_COLOURS, STATUS_TEXT, StatusIcon } from './SermonStatus.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  a {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    grid-template-areas: 'icon main status';
    align-items: center;
    column-gap: 1rem;
    row-gap: 0.2rem;
    padding: 0.85rem 0.5rem;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
    color: inherit;
    text-decoration: none;
  }
  li:first-child a {
    border-top: 0;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.page};
  }
  small {
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  svg {
    grid-area: icon;
  }
  @media (max-width: 560px) {
    a {
      grid-template-columns: auto minmax(0, 1fr);
      grid-template-areas: 'icon main' '. status';
      align-items: start;
      column-gap: 0.75rem;
    }
  }
`;

const Main = styled.div`
  grid-area: main;
  overflow-wrap: anywhere;
`;

const Status = styled.span<{ $status: SermonStatus }>`
  grid-area: status;
  color: ${({ $status }) => STATUS_COLOURS[$status]};
  font-weight: 600;
  font-size: 0.95rem;
  white-space: nowrap;
`;

/** 'Sermon Library', newest first; each row opens the sermon. */
export function SermonLibrary({
  sermons,
  loading,
  error,
  onRetry,
}: {
  sermons: SermonSummary[] | null;
  loading: boolean;
  error: string | null;
  onRetry(): void;
}) {
  if (loading && !sermons) return <Spinner label="Loading sermons…" />;
  if (error && !sermons)
    return <ErrorPanel title="The sermon library could not be loaded" message={error} onRetry={onRetry} />;
  if (!sermons || sermons.length === 0) return <p>No sermons uploaded yet</p>;
  return (
    <List aria-label="Sermon Library">
      {sermons.map((sermon) => (
        <li key={sermon.id}>
          <Link to={`/sermons/${sermon.id}`}>
            <StatusIcon status={sermon.status} />
            <Main>
              <strong>{sermon.title}</strong>
              <br />
              <small>
                {sermon.speaker} · {formatDate(sermon.recordedAt)}
              </small>
            </Main>
            <Status $status={sermon.status}>{STATUS_TEXT[sermon.status]}</Status>
          </Link>
        </li>
      ))}
    </List>
  );
}
