// The federated module the shell loads ('staff/app'): single-spa lifecycles for this area.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { SomethingWentWrong } from '@lectern/shell-kit';
import { StaffApp } from './StaffApp.tsx';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: StaffApp,
  errorBoundary: () => <SomethingWentWrong />,
});

export const { bootstrap, mount, unmount } = lifecycles;
