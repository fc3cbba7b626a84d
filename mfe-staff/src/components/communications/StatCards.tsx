import styled from 'styled-components';
import type { CommunicationStats } from '../../communications/communications.client.ts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 1rem;
  @media (max-width: 820px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Stat = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  padding: 1rem;
  dt {
    color: ${({ theme }) => theme.colors.inkMuted};
    font-size: 0.9rem;
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: 1.75rem;
    font-weight: 700;
  }
`;

/** Total Sent, Successfully Delivered, Open Rate, Click Rate (spec 000 §2, §9). */
export function StatCards({ stats }: { stats: CommunicationStats | null }) {
  const cards: [string, string][] = [
    ['Total Sent', String(stats?.totalSent ?? 0)],
    ['Successfully Delivered', String(stats?.delivered ?? 0)],
    ['Open Rate', `${stats?.openRate ?? 0}%`],
    ['Click Rate', `${stats?.clickRate ?? 0}%`],
  ];
  return (
    <Grid as="dl" aria-label="E-mail statistics">
      {cards.map(([label, value]) => (
        <Stat key={label} data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Stat>
      ))}
    </Grid>
  );
}
