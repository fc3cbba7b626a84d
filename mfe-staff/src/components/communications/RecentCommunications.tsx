import styled from 'styled-components';
import type { Communication } from '../../communications/communications.client.ts';
import { Placeholder } from '../form.styles.ts';

const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.95rem;
  th,
  td {
    text-align: left;
    padding: 0.55rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  td {
    overflow-wrap: anywhere;
  }
  @media (max-width: 640px) {
    thead {
      display: none;
    }
    tr {
      display: grid;
      gap: 0.2rem;
      padding: 0.6rem 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    td {
      border: 0;
      padding: 0;
    }
    td::before {
      content: attr(data-label) ': ';
      font-weight: 600;
    }
  }
`;

const Status = styled.span<{ $tone: 'ok' | 'bad' | 'wait' }>`
  font-weight: 700;
  white-space: nowrap;
  color: ${({ theme, $tone }) => ($tone === 'ok' ? theme.colors.success : $tone === 'bad' ? theme.colors.danger : theme.colors.inkMuted)};
`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
function formatDateTime(iso: string): string {
  const d = new Date(iso);
  const hh = d.getHours() % 12 || 12;
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()} ${hh}:${String(d.getMinutes()).padStart(2, '0')} ${d.getHours() < 12 ? 'AM' : 'PM'}`;
}

function statusOf(c: Communication): { label: string; tone: 'ok' | 'bad' | 'wait' } {
  if (c.bouncedAt) return { label: 'bounced', tone: 'bad' };
  if (c.status === 'failed') return { label: 'failed', tone: 'bad' };
  if (c.status === 'pending') return { label: 'pending', tone: 'wait' };
  return { label: c.deliveredAt ? 'delivered' : 'sent', tone: 'ok' };
}

/** Recent Communications: the newest 50 (spec 000 §2, §7, §9). */
export function RecentCommunications({ items }: { items: Communication[] }) {
  if (items.length === 0) return <Placeholder>No communications sent yet</Placeholder>;
  return (
    <Scroll>
      <Table>
        <thead>
          <tr>
            <th scope="col">Subject</th>
            <th scope="col">Recipient</th>
            <th scope="col">Status</th>
            <th scope="col">Engagement</th>
            <th scope="col">Sent At</th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => {
            const status = statusOf(c);
            const engagement = [c.openedAt ? 'Opened' : null, c.clickedAt ? 'Clicked' : null].filter(Boolean).join(', ') || '—';
            return (
              <tr key={c.id} data-testid="communication-row">
                <td data-label="Subject">{c.subject}</td>
                <td data-label="Recipient">{c.recipientEmail}</td>
                <td data-label="Status">
                  <Status $tone={status.tone} title={c.error ?? undefined}>
                    {status.label}
                  </Status>
                </td>
                <td data-label="Engagement">{engagement}</td>
                <td data-label="Sent At">{c.sentAt ? formatDateTime(c.sentAt) : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </Scroll>
  );
}
