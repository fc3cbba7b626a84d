// Runs this area alone (its dev server): the shell's start-up duties done locally.
import { createRoot } from 'react-dom/client';
import { startSession, ThemeRoot, ToastViewport } from '@lectern/shell-kit';
import { MarketingApp } from './MarketingApp.tsx';

void startSession();

const element = document.getElementById('root');
if (!element) throw new Error('index.html must contain #root');
createRoot(element).render(
  <ThemeRoot withGlobalStyle>
    <MarketingApp />
    <ToastViewport />
  </ThemeRoot>,
);
