// The page frame around the areas: the test-mode banner, then either the public header (marketing
// pages) or the signed-in layout (sidebar / mobile menu) for the staff, member and console areas.
// The areas' DOM lives in `main`, created outside React; the frame moves it into its content slot.
import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { useSession } from '@lectern/shell-kit';
import { areaFor } from '../areas/area.registry.ts';
import { AppSidebar, MOBILE_QUERY } from './AppSidebar.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import { TestBanner } from './TestBanner.tsx';
import { useCurrentPath } from './usePath.ts';

const SIGNED_IN_AREAS = new Set(['staff', 'member', 'console']);

// Sidebar and content side by side; on mobile the sidebar gives way to the menu bar above the content.
const SignedInLayout = styled.div`
  display: flex;
  min-height: 100vh;
  @media ${MOBILE_QUERY} { display: block; }
`;

const SignedInContent = styled.div`
  flex: 1 1 auto;
  min-width: 0;
`;

// The public pages fill the window: the mounted area (and in it the page above its footer) grows
// to the bottom edge, so a short page on a tall window shows no bare strip under the footer.
const PublicLayout = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  > [data-slot],
  #lectern-main,
  [data-area-active],
  [data-area-active] > [data-area-app] {
    flex: 1 0 auto;
    display: flex;
    flex-direction: column;
  }
`;

export const usesSignedInLayout = (path: string, signedIn: boolean): boolean =>
  signedIn && SIGNED_IN_AREAS.has(areaFor(path)?.name ?? '');

function Slot({ main }: { main: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current && main.parentElement !== ref.current) ref.current.append(main);
  });
  return <div ref={ref} data-slot="" />;
}

export function ShellFrame({ main }: { main: HTMLElement }) {
  const path = useCurrentPath();
  const signedIn = useSession((state) => state.status === 'authenticated');
  if (usesSignedInLayout(path, signedIn)) {
    return (
      <SignedInLayout data-layout="signed-in">
        <AppSidebar path={path} />
        <SignedInContent>
          <TestBanner />
          <Slot main={main} />
        </SignedInContent>
      </SignedInLayout>
    );
  }
  return (
    <PublicLayout data-layout="public">
      <TestBanner />
      <PublicHeader path={path} />
      <Slot main={main} />
    </PublicLayout>
  );
}
