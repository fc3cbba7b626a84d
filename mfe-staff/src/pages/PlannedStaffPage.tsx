import { Lead, NotYetAvailable, PageTitle } from '@lectern/shell-kit';
import { Stack } from './staff.styles.ts';

export function PlannedStaffPage({
  title,
  feature,
  description,
}: {
  title: string;
  feature: string;
  description: string;
}) {
  return (
    <Stack>
      <div>
        <PageTitle>{title}</PageTitle>
        <Lead>{description}</Lead>
      </div>
      <NotYetAvailable feature={feature} />
    </Stack>
  );
}
