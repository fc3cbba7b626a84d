// /settings (spec 001 §2 Settings): title, Sign Out, and the sections this user may see. Each
// section is its own component; Organization (billing) and Email Integrations (comms) are
// owned by their issues and only placed here.
import styled from 'styled-components';
import { Button, PageTitle, signOut, useSession } from '@lectern/shell-kit';
import { Stack } from './staff.styles.ts';
import { SettingsSection } from '../components/settings/SettingsSection.tsx';
import { OrganizationSection } from '../components/settings/OrganizationSection.tsx';
import { UserProfileSection } from '../components/settings/UserProfileSection.tsx';
import { TeamMembersSection } from '../components/settings/TeamMembersSection.tsx';
import { IntegrationsSection } from '../components/settings/IntegrationsSection.tsx';
import { EmailIntegrationsSection } from '../components/settings/EmailIntegrationsSection.tsx';
import { visibleSections, type SettingsSectionId } from '../settings/settings.rules.ts';

const Head = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  flex-wrap: wrap;
`;

const SECTIONS: Record<SettingsSectionId, { title: string; render: () => React.ReactNode }> = {
  organization: { title: 'Organization Settings', render: () => <OrganizationSection /> },
  profile: { title: 'User Profile', render: () => <UserProfileSection /> },
  team: { title: 'Team Members', render: () => <TeamMembersSection /> },
  integrations: { title: 'Integrations', render: () => <IntegrationsSection /> },
  'email-integrations': { title: 'Email Integrations (SMTP)', render: () => <EmailIntegrationsSection /> },
};

export function SettingsPage() {
  const user = useSession((state) => state.user);
  const sections = visibleSections(user);
  return (
    <Stack>
      <Head>
        <PageTitle>Settings</PageTitle>
        <Button type="button" $variant="secondary" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </Head>
      {sections.map((id) => (
        // Organization opens by default; a MEMBER's only section (User Profile) too.
        <SettingsSection key={id} title={SECTIONS[id].title} defaultOpen={id === 'organization' || sections.length === 1}>
          {SECTIONS[id].render()}
        </SettingsSection>
      ))}
    </Stack>
  );
}
