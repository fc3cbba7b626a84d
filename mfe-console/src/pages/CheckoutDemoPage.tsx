import { Link } from 'react-router-dom';
import { NotYetAvailable, PageContainer, PageTitle } from '@lectern/shell-kit';

export function CheckoutDemoPage() {
  return (
    <PageContainer>
      <Link to="/">← Back to Console</Link>
      <PageTitle style={{ marginTop: '1rem' }}>Checkout Demo</PageTitle>
      <NotYetAvailable feature="The checkout demo">
        <p>The default and special offer checkouts are mounted here once the billing service is connected.</p>
      </NotYetAvailable>
    </PageContainer>
  );
}
