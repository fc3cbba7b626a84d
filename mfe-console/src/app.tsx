// The federated module the shell loads ('console/app'): single-spa lifecycles for this area.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { SomethingWentWrong } from '@lectern/shell-kit';
import { ConsoleApp } from './ConsoleApp.tsx';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ConsoleApp,
  errorBoundary: () => <SomethingWentWrong />,
});

export const { bootstrap, mount, unmount } = lifecycles;
