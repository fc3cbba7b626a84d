import { Card, Lead, NotYetAvailable, PageTitle } from '@lectern/shell-kit';
import { CardTitle, Stack } from './staff.styles.ts';

export function SermonsPage() {
  return (
    <Stack>
      <div>
        <PageTitle>Sermons</PageTitle>
        <Lead>Upload recordings and follow them from processing to publication.</Lead>
      </div>
      <Card>
        <CardTitle>Upload New Sermon</CardTitle>
        <NotYetAvailable feature="Uploading">
          <p>Uploading a recording (title, speaker, recording date and one file up to 2 GB) arrives with the sermons service.</p>
        </NotYetAvailable>
      </Card>
      <Card>
        <CardTitle>Sermon Library</CardTitle>
        <NotYetAvailable feature="The sermon library">
          <p>Your sermons, newest first, with their processing status, appear here once the sermons service is connected.</p>
        </NotYetAvailable>
      </Card>
    </Stack>
  );
}
