// The member area: sermon library and sermon reading, under /member; signed-in users only.
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { NotFound, OnboardingCheck, RequireSession, ThemeRoot } from '@lectern/shell-kit';
import { MemberDashboardPage } from './pages/MemberDashboardPage.tsx';
import { MemberSermonPage } from './pages/MemberSermonPage.tsx';

export function MemberApp() {
  return (
    <ThemeRoot>
      <BrowserRouter basename="/member">
        <RequireSession>
          <OnboardingCheck>
            <Routes>
              <Route index element={<Navigate to="/dashboard" replace />} />
              <Route path="/dashboard" element={<MemberDashboardPage />} />
              <Route path="/sermons/:id" element={<MemberSermonPage />} />
              <Route path="*" element={<NotFound />} />
            </Routes>
          </OnboardingCheck>
        </RequireSession>
      </BrowserRouter>
    </ThemeRoot>
  );
}
