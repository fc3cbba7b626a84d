// The federated module the shell loads ('member/app'): single-spa lifecycles for this area.
// The routes and pages (and the router they need, the largest part of this area's code) come in a
// chunk of their own, so this module runs as soon as the shared libraries are there and starts the
// dashboard's requests while that chunk is still on its way (member/dashboard.prefetch.ts).
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { SomethingWentWrong, Spinner, ThemeRoot } from '@lectern/shell-kit';
import { prefetchDashboard } from './member/dashboard.prefetch.ts';

const MemberApp = React.lazy(() => import('./MemberApp.tsx').then((module) => ({ default: module.MemberApp })));

function MemberRoot() {
  return (
    <React.Suspense
      fallback={
        <ThemeRoot>
          <Spinner label="Loading…" />
        </ThemeRoot>
      }
    >
      <MemberApp />
    </React.Suspense>
  );
}

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: MemberRoot,
  errorBoundary: () => <SomethingWentWrong />,
});

export const bootstrap = [
  async () => {
    prefetchDashboard();
    // Fetch the pages' chunk now rather than at first render.
    void import('./MemberApp.tsx');
  },
  lifecycles.bootstrap,
];
export const { mount, unmount } = lifecycles;
