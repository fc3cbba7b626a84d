import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, Lead, NotYetAvailable, PageContainer, PageTitle } from '@lectern/shell-kit';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  gap: 1.25rem;
  margin-top: 1.5rem;
  h2 { font-size: 1.2rem; }
  p { color: ${({ theme }) => theme.colors.inkMuted}; }
`;

export function ConsoleHomePage() {
  return (
    <PageContainer>
      <PageTitle>Staff Console</PageTitle>
      <Lead>Tools for Lectern's own staff: bulk migrations, the product catalog and key figures.</Lead>
      <NotYetAvailable feature="The console overview">
        <p>The TEST / LIVE mode badge, the catalog item count and the KPIs appear once the billing service is connected.</p>
      </NotYetAvailable>
      <Grid>
        <Card>
          <h2>RSS Migration</h2>
          <p>Bring an organisation's past sermons in from its podcast or video feed.</p>
          <Button as={Link} to="/rss-migration">
            Open RSS Migration
          </Button>
        </Card>
        <Card>
          <h2>Checkout Demo</h2>
          <p>The default and special offer checkouts, for QA.</p>
          <Button as={Link} to="/checkout-demo" $variant="secondary">
            Open Checkout Demo
          </Button>
        </Card>
      </Grid>
    </PageContainer>
  );
}
