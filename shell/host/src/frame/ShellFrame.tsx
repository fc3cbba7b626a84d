// The page frame around the areas: the test-mode banner, then either the public header (marketing
// pages) or the signed-in layout (sidebar / mobile menu) for the staff, member and console areas.
// The areas' DOM lives in `main`, created outside React; the frame moves it into its content slot.
import { useLayoutEffect, useRef } from 'react';
import styled from 'styled-components';
import { useSession } from '@lectern/shell-kit';
import { areaFor } from '../areas/area.registry.ts';
import { AppSidebar, MOBILE_QUERY, SIDEBAR_WIDTH } from './AppSidebar.tsx';
import { PublicHeader } from './PublicHeader.tsx';
import { TestBanner } from './TestBanner.tsx';
import { useCurrentPath } from './usePath.ts';

const SIGNED_IN_AREAS = new Set(['staff', 'member', 'console']);

const SignedInContent = styled.div`
  margin-left: ${SIDEBAR_WIDTH};
  min-height: 100vh;
  @media ${MOBILE_QUERY} { margin-left: 0; }
`;

export const usesSignedInLayout = (path: string, signedIn: boolean): boolean =>
  signedIn && SIGNED_IN_AREAS.has(areaFor(path)?.name ?? '');

function Slot({ main }: { main: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current && main.parentElement !== ref.current) ref.current.append(main);
  });
  return <div ref={ref} />;
}

export function ShellFrame({ main }: { main: HTMLElement }) {
  const path = useCurrentPath();
  const signedIn = useSession((state) => state.status === 'authenticated');
  if (usesSignedInLayout(path, signedIn)) {
    return (
      <div data-layout="signed-in">
        <AppSidebar path={path} />
        <SignedInContent>
          <TestBanner />
          <Slot main={main} />
        </SignedInContent>
      </div>
    );
  }
  return (
    <div data-layout="public">
      <TestBanner />
      <PublicHeader path={path} />
      <Slot main={main} />
    </div>
  );
}
