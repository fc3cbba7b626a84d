import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Card, NotYetAvailable, PageContainer, PageTitle, Panel } from '@lectern/shell-kit';

const TABS = ['Outline', 'Devotional', 'Community', 'Resources'] as const;
type Tab = (typeof TABS)[number];

const TabList = styled.div`
  display: flex;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  margin: 1rem 0 1.25rem;
  button { border: 0; background: none; font: inherit; padding: 0.6rem 1rem; cursor: pointer; color: ${({ theme }) => theme.colors.inkMuted}; border-bottom: 2px solid transparent; }
  button[aria-selected='true'] { color: ${({ theme }) => theme.colors.primary}; border-bottom-color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

export function MemberSermonPage() {
  const [tab, setTab] = useState<Tab>('Outline');
  return (
    <PageContainer>
      <Link to="/dashboard">← Back to your library</Link>
      <PageTitle style={{ marginTop: '1rem' }}>Sermon</PageTitle>
      <TabList role="tablist">
        {TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} onClick={() => setTab(name)}>
            {name}
          </button>
        ))}
      </TabList>
      <Card role="tabpanel">
        {tab === 'Community' ? (
          <Panel title="Coming Soon">
            <p>Coming Soon - Community features will be available soon.</p>
          </Panel>
        ) : (
          <NotYetAvailable feature={`The ${tab.toLowerCase()} tab`}>
            <p>Sermon reading arrives with sign-in and the sermons service.</p>
          </NotYetAvailable>
        )}
      </Card>
    </PageContainer>
  );
}
