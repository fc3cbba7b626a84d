import { Link } from 'react-router-dom';
import { Button, Card, Lead, NotYetAvailable, PageTitle } from '@lectern/shell-kit';
import { CardTitle, Muted, Stack } from './staff.styles.ts';

export function DashboardPage() {
  return (
    <Stack>
      <div>
        <PageTitle>Dashboard</PageTitle>
        <Lead>Your church's sermons at a glance.</Lead>
      </div>
      <NotYetAvailable feature="The staff dashboard">
        <p>
          The sermons service is not connected yet. Once it is, this page shows Total Sermons, Processing,
          This Month and your five Recent Sermons.
        </p>
      </NotYetAvailable>
      <Card>
        <CardTitle>Upload Sermon</CardTitle>
        <Muted>Turn a recording into a transcript, an outline and a 5-day devotional.</Muted>
        <Button as={Link} to="/sermons">
          Get Started
        </Button>
      </Card>
    </Stack>
  );
}
