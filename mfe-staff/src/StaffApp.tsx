// The signed-in staff area: dashboard, sermons, members, communications, settings.
// Gates (spec 000 §2): every page needs a session and passes the onboarding check; a MEMBER is
// sent from /dashboard to /member/dashboard; Members and Communications (company-domain staff
// screens) sit behind the staff gate. Sermons is in a VOLUNTEER's navigation (spec table) but the
// sermons service serves staff roles only: SermonScreensGate sends a MEMBER to the member
// dashboard and explains that to a VOLUNTEER instead of showing 403 errors.
// Members and Communications are company-domain staff screens (spec 001 §6): others go to /.
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CompanyDomainGate, MemberGate, NotFound, ThemeRoot } from '@lectern/shell-kit';
import { StaffLayout } from './pages/StaffLayout.tsx';
import { DashboardPage } from './pages/DashboardPage.tsx';
import { SermonsPage } from './pages/SermonsPage.tsx';
import { SermonDetailsPage } from './pages/SermonDetailsPage.tsx';
import { CommunicationsPage } from './pages/CommunicationsPage.tsx';
import { EmailIntegrationEditorPage } from './pages/EmailIntegrationEditorPage.tsx';
import { SermonScreensGate } from './components/StaffOnly.tsx';
import { SettingsPage } from './pages/SettingsPage.tsx';
import { MembersPage } from './pages/MembersPage.tsx';
import { PlanningCenterOAuthPage } from './pages/PlanningCenterOAuthPage.tsx';
import { IntegrationEditorPage } from './pages/IntegrationEditorPage.tsx';

export function StaffApp() {
  return (
    <ThemeRoot>
      <BrowserRouter>
        <Routes>
          <Route element={<StaffLayout />}>
            <Route
              path="/dashboard"
              element={
                <MemberGate>
                  <DashboardPage />
                </MemberGate>
              }
            />
            <Route
              path="/sermons"
              element={
                <SermonScreensGate>
                  <SermonsPage />
                </SermonScreensGate>
              }
            />
            <Route
              path="/sermons/:id"
              element={
                <SermonScreensGate>
                  <SermonDetailsPage />
                </SermonScreensGate>
              }
            />
            <Route
              path="/members"
              element={
                <CompanyDomainGate>
                  <MembersPage />
                </CompanyDomainGate>
              }
            />
            <Route
              path="/communications"
              element={
                <CompanyDomainGate>
                  <CommunicationsPage />
                </CompanyDomainGate>
              }
            />
            <Route path="/settings" element={<SettingsPage />} />
            <Route
              path="/settings/email-integrations/:id"
              element={
                <CompanyDomainGate>
                  <EmailIntegrationEditorPage />
                </CompanyDomainGate>
              }
            />
            <Route path="/settings/integrations/oauth/planningCenter" element={<CompanyDomainGate><PlanningCenterOAuthPage /></CompanyDomainGate>} />
            <Route path="/settings/integrations/:mode/:integrationId" element={<CompanyDomainGate><IntegrationEditorPage /></CompanyDomainGate>} />
            <Route path="/settings/:mode/:integrationId" element={<CompanyDomainGate><IntegrationEditorPage /></CompanyDomainGate>} />
            <Route path="*" element={<NotFound />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </ThemeRoot>
  );
}
