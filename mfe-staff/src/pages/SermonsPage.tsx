import { Lead, PageTitle } from '@lectern/shell-kit';
import { useQuota, useSermonLibrary } from '../hooks/useSermonData.ts';
import { messageOf } from '../hooks/useResource.ts';
import { UploadForm } from '../components/UploadForm.tsx';
import { SermonLibrary } from '../components/SermonLibrary.tsx';
import { CardTitle, PageCard, Stack } from './staff.styles.ts';

export function SermonsPage() {
  const library = useSermonLibrary();
  const quota = useQuota();
  return (
    <Stack>
      <div>
        <PageTitle>Sermons</PageTitle>
        <Lead>Upload recordings and follow them from processing to publication.</Lead>
      </div>
      <PageCard>
        <CardTitle>Upload New Sermon</CardTitle>
        <UploadForm
          quota={quota.data}
          onUploaded={() => {
            quota.reload();
            library.reload();
          }}
        />
      </PageCard>
      <PageCard>
        <CardTitle>Sermon Library</CardTitle>
        <SermonLibrary
          sermons={library.data}
          loading={library.loading}
          error={library.error ? messageOf(library.error, 'Please try again.') : null}
          onRetry={library.reload}
        />
      </PageCard>
    </Stack>
  );
}
