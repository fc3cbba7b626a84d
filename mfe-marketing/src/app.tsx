// The federated module the shell loads ('marketing/app'): single-spa lifecycles for this area.
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { SomethingWentWrong } from '@lectern/shell-kit';
import { MarketingApp } from './MarketingApp.tsx';

const lifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: MarketingApp,
  errorBoundary: () => <SomethingWentWrong />,
});

export const { bootstrap, mount, unmount } = lifecycles;
