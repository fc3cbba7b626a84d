// The staff console: home, RSS migration and the checkout demo, under /console.
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { ConsoleGate, NotFound, RequireSession, ThemeRoot } from '@lectern/shell-kit';
import { consoleProbe } from './console.probe.ts';
import { ConsoleHomePage } from './pages/ConsoleHomePage.tsx';
import { RssMigrationPage } from './pages/RssMigrationPage.tsx';
import { CheckoutDemoPage } from './pages/CheckoutDemoPage.tsx';

export function ConsoleApp() {
  return (
    <ThemeRoot>
      <BrowserRouter basename="/console">
        <RequireSession>
          <ConsoleGate probe={consoleProbe}>
            <Routes>
              <Route index element={<ConsoleHomePage />} />
              <Route path="/rss-migration" element={<RssMigrationPage />} />
              <Route path="/checkout-demo" element={<CheckoutDemoPage />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </ConsoleGate>
        </RequireSession>
      </BrowserRouter>
    </ThemeRoot>
  );
}
