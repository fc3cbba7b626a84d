// The signed-in staff area: dashboard, sermons, members, communications, settings.
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { NotFound, ThemeRoot } from '@lectern/shell-kit';
import { StaffLayout } from './pages/StaffLayout.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { SermonsPage } from './pages/SermonsPage.tsx';
import { SermonDetailsPage } from './pages/SermonDetailsPage.tsx';
import { PlannedStaffPage } from './pages/PlannedStaffPage.tsx';

export function StaffApp() {
  return (
    <ThemeRoot>
      <BrowserRouter>
        <Routes>
          <Route element={<StaffLayout />}>
            <Route path="/dashboard" element={<DashboardPage />} />
            <Route path="/sermons" element={<SermonsPage />} />
            <Route path="/sermons/:id" element={<SermonDetailsPage />} />
            <Route
              path="/members"
              element={<PlannedStaffPage title="Members" feature="Members administration" description="Search, filter and manage the members of your organization." />}
            />
            <Route
              path="/communications"
              element={<PlannedStaffPage title="Communications" feature="Communications" description="Compose templated e-mails and follow their delivery, opens and clicks." />}
            />
            <Route
              path="/settings/*"
              element={<PlannedStaffPage title="Settings" feature="Settings" description="Organization settings, your profile, team members, integrations and e-mail integrations." />}
            />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </ThemeRoot>
  );
}
