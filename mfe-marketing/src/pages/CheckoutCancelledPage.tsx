import { Link } from 'react-router-dom';
import { Button, Card, NotYetAvailable, PageContainer, PageTitle } from '@lectern/shell-kit';

/** A public page whose behaviour arrives with a later service. */
export function PlannedPage({ title, feature }: { title: string; feature: string }) {
  return (
    <PageContainer>
      <PageTitle>{title}</PageTitle>
      <NotYetAvailable feature={feature} />
    </PageContainer>
  );
}

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
