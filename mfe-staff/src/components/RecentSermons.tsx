import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SermonSummary } from '../sermons/sermon.types.ts';
import { formatDate } from '../sermons/sermon.format.ts';
import { StatusBadge } from './SermonStatus.tsx';

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: grid;
    grid-template-columns: minmax(0, 1fr) auto auto;
    align-items: center;
    gap: 1rem;
    overflow-wrap: anywhere;
    padding: 0.75rem 0;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:first-child {
    border-top: 0;
  }
  small {
    color: ${({ theme }) => theme.colors.inkMuted};
  }
  @media (max-width: 560px) {
    li {
      grid-template-columns: minmax(0, 1fr) auto;
      row-gap: 0.4rem;
    }
    li > div {
      grid-column: 1 / -1;
    }
    li > span {
      justify-self: start;
    }
  }
`;

/** The 5 newest sermons, each with a View link (spec 000 §2 dashboard). */
export function RecentSermons({ sermons }: { sermons: SermonSummary[] }) {
  if (sermons.length === 0) return <p>No sermons uploaded yet.</p>;
  return (
    <List aria-label="Recent Sermons">
      {sermons.slice(0, 5).map((sermon) => (
        <li key={sermon.id}>
          <div>
            <strong>{sermon.title}</strong>
            <br />
            <small>
              {sermon.speaker} · {formatDate(sermon.recordedAt ?? sermon.createdAt)}
            </small>
          </div>
          <StatusBadge status={sermon.status} />
          <Link to={`/sermons/${sermon.id}`}>View</Link>
        </li>
      ))}
    </List>
  );
}
