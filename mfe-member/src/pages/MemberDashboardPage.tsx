import styled from 'styled-components';
import { Card, NotYetAvailable, PageContainer } from '@lectern/shell-kit';

const Banner = styled.div`
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.accentSoft}, #fff);
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.lg};
  padding: 2rem;
  margin-bottom: 1.5rem;
  h1 { font-size: 2rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.inkMuted}; }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: 1.25rem;
  @media (max-width: 760px) { grid-template-columns: 1fr; }
  h2 { font-size: 1.2rem; }
`;

export function MemberDashboardPage() {
  return (
    <PageContainer>
      <Banner>
        <h1>Your Sermon Library</h1>
        <p>Read your church's published sermons, outlines and 5-day devotionals, and keep track of your progress.</p>
      </Banner>
      <Columns>
        <Card>
          <h2>Sermons</h2>
          <NotYetAvailable feature="The member library">
            <p>Published sermons, with search, a series filter and your favorites, appear here once sign-in and the sermons service are connected.</p>
          </NotYetAvailable>
        </Card>
        <Card>
          <h2>Recently viewed</h2>
          <NotYetAvailable feature="Recently viewed">
            <p>The last three sermons you opened will show here.</p>
          </NotYetAvailable>
        </Card>
      </Columns>
    </PageContainer>
  );
}
