import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Lead, PageTitle, Panel, Spinner, useSession } from '@lectern/shell-kit';
import { useDashboard } from '../hooks/useSermonData.ts';
import { messageOf } from '../hooks/useResource.ts';
import { welcomeName } from '../sermons/sermon.format.ts';
import { RecentSermons } from '../components/RecentSermons.tsx';
import { CardTitle, Muted, PageCard, Stack } from './staff.styles.ts';

const Grid = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
`;

/** The three counts stay side by side on a phone too: they are short, and stacked they push the rest down. */
const Stats = styled.div`
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  @media (max-width: 560px) {
    gap: 0.5rem;
    > section {
      padding: 0.75rem 0.6rem;
      overflow-wrap: anywhere;
    }
    > section > div:first-child {
      font-size: 0.85rem;
    }
    > section > div:nth-child(2) {
      font-size: 1.75rem;
    }
    > section > p {
      font-size: 0.85rem;
      margin: 0;
    }
  }
`;

const StatValue = styled.div`
  font-size: 2.25rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  line-height: 1.1;
`;

const StatLabel = styled.div`
  color: ${({ theme }) => theme.colors.inkMuted};
  font-weight: 600;
`;

function StatCard({ label, value, note }: { label: string; value: number; note: string }) {
  return (
    <PageCard aria-label={label}>
      <StatLabel>{label}</StatLabel>
      <StatValue>{value}</StatValue>
      <Muted>{note}</Muted>
    </PageCard>
  );
}

export function DashboardPage() {
  const user = useSession((state) => state.user);
  const dashboard = useDashboard();
  const fullName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');

  return (
    <Stack>
      <div>
        <PageTitle>Dashboard</PageTitle>
        <Lead>Welcome, {welcomeName(fullName)}. Your church's sermons at a glance.</Lead>
      </div>
      {dashboard.loading && !dashboard.data ? (
        <Spinner label="Loading your sermons…" />
      ) : dashboard.error && !dashboard.data ? (
        // A box, not an alert: the page is usable without the counts (Upload Sermon stays available).
        <Panel tone="danger" title="Your sermon counts could not be loaded">
          <p>{messageOf(dashboard.error, 'Please try again.')}</p>
          <Button type="button" $variant="secondary" onClick={dashboard.reload}>
            Try again
          </Button>
        </Panel>
      ) : dashboard.data ? (
        <Stats>
          <StatCard
            label="Total Sermons"
            value={dashboard.data.total}
            note={`${dashboard.data.published} published`}
          />
          <StatCard label="Processing" value={dashboard.data.processing} note="being processed" />
          <StatCard label="This Month" value={dashboard.data.thisMonth} note="created this month" />
        </Stats>
      ) : null}
      <Grid>
        <PageCard>
          <CardTitle>Upload Sermon</CardTitle>
          <Muted>Turn a recording into a transcript, an outline and a 5-day devotional.</Muted>
          <Button as={Link} to="/sermons">
            Get Started
          </Button>
        </PageCard>
        {user?.companyDomain && (
          <PageCard>
            <CardTitle>Communications</CardTitle>
            <Muted>Send a templated e-mail to your church.</Muted>
            <Button as={Link} to="/communications">
              Send Message
            </Button>
          </PageCard>
        )}
      </Grid>
      <PageCard>
        <CardTitle>Recent Sermons</CardTitle>
        {dashboard.data ? (
          <RecentSermons sermons={dashboard.data.recent} />
        ) : dashboard.loading ? (
          <Spinner label="Loading recent sermons…" />
        ) : (
          <Muted>Recent sermons could not be loaded.</Muted>
        )}
      </PageCard>
    </Stack>
  );
}
