// Status icon, badge and text of a sermon (spec 000 §2, §4).
import styled from 'styled-components';
import type { SermonStatus } from '../sermons/sermon.types.ts';

export const STATUS_TEXT: Record<SermonStatus, string> = {
  PROCESSING: 'Processing...',
  REVIEW: 'Ready for Review',
  PUBLISHED: 'Published',
  FAILED: 'Processing Failed',
};

/** Status icons (spec 000 §4): PROCESSING yellow clock, REVIEW blue clock, PUBLISHED green check, FAILED red alert. */
export const STATUS_COLOURS: Record<SermonStatus, string> = {
  PROCESSING: '#c59a12',
  REVIEW: '#2b5f9e',
  PUBLISHED: '#2f7a4f',
  FAILED: '#b4322d',
};

export function StatusIcon({ status }: { status: SermonStatus }) {
  const colour = STATUS_COLOURS[status];
  const common = {
    width: 22,
    height: 22,
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: colour,
    strokeWidth: 2,
    strokeLinecap: 'round' as const,
    strokeLinejoin: 'round' as const,
    style: { flexShrink: 0 },
  };
  if (status === 'PUBLISHED')
    return (
      <svg {...common} role="img" aria-label="Published">
        <circle cx="12" cy="12" r="10" />
        <path d="m8 12 3 3 5-6" />
      </svg>
    );
  if (status === 'FAILED')
    return (
      <svg {...common} role="img" aria-label="Failed">
        <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        <path d="M12 9v4M12 17h.01" />
      </svg>
    );
  return (
    <svg {...common} role="img" aria-label={status === 'REVIEW' ? 'Ready for review' : 'Processing'}>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 6v6l4 2" />
    </svg>
  );
}

const Badge = styled.span<{ $status: SermonStatus }>`
  display: inline-block;
  padding: 0.15em 0.65em;
  border-radius: 999px;
  font-size: 0.8rem;
  font-weight: 600;
  white-space: nowrap;
  background: ${({ $status }) => ($status === 'PUBLISHED' ? '#e6f3ea' : $status === 'PROCESSING' ? '#fdf3d4' : '#eceae5')};
  color: ${({ $status }) => ($status === 'PUBLISHED' ? '#2f7a4f' : $status === 'PROCESSING' ? '#8a6a06' : '#5b6678')};
`;

/** Badge colours: published green, processing yellow, anything else grey. */
export function StatusBadge({ status }: { status: SermonStatus }) {
  return <Badge $status={status}>{STATUS_TEXT[status]}</Badge>;
}
