import { Link } from 'react-router-dom';
import { Button, Card, PageContainer, PageTitle } from '@lectern/shell-kit';

/** /billing/cancel: static in the spec. */
export function CheckoutCancelledPage() {
  return (
    <PageContainer>
      <Card>
        <PageTitle>Checkout Cancelled</PageTitle>
        <p>No worries, you can resume at any time.</p>
        <Button as={Link} to="/pricing">
          Back to Pricing
        </Button>
      </Card>
    </PageContainer>
  );
}
