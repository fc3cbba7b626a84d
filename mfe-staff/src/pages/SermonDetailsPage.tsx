import { Link } from 'react-router-dom';
import { NotYetAvailable, PageTitle } from '@lectern/shell-kit';
import { Stack } from './staff.styles.ts';

export function SermonDetailsPage() {
  return (
    <Stack>
      <Link to="/sermons">← Back to Sermons</Link>
      <PageTitle>Sermon details</PageTitle>
      <NotYetAvailable feature="Sermon details">
        <p>The transcript, the sermon outline and the 5-Day Devotional Series of a sermon appear here once the sermons service is connected.</p>
      </NotYetAvailable>
    </Stack>
  );
}
