import type { ReactNode } from 'react';
import { AppLink, Button, MemberGate, PageTitle, Panel, isStaffRole, useSession } from '@lectern/shell-kit';
import { Stack } from '../pages/staff.styles.ts';

/**
 * The sermon screens' own guard: the sermons service answers only ADMIN, PASTOR and STAFF (403
 * otherwise), while the navigation shows Sermons to a VOLUNTEER too. Such a user gets a plain
 * explanation and the way to the member library instead of error boxes.
 */
export function StaffOnly({ children }: { children: ReactNode }) {
  const role = useSession((state) => state.user?.role ?? null);
  if (isStaffRole(role)) return <>{children}</>;
  return (
    <Stack>
      <PageTitle>Sermons</PageTitle>
      <Panel tone="info" title="Sermon management is for your church's staff">
        <p>
          Uploading, reviewing and publishing sermons needs an admin, pastor or staff role. Published sermons
          are in your library.
        </p>
        <p>
          <Button as={AppLink} href="/member/dashboard">
            Go to your sermon library
          </Button>
        </p>
      </Panel>
    </Stack>
  );
}

/**
 * The gate of /sermons and /sermons/:id: a MEMBER goes to /member/dashboard (the member gate, spec
 * 000 §2), a VOLUNTEER gets StaffOnly's explanation, staff get the page.
 */
export function SermonScreensGate({ children }: { children: ReactNode }) {
  return (
    <MemberGate>
      <StaffOnly>{children}</StaffOnly>
    </MemberGate>
  );
}
