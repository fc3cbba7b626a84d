// Create mode, step 2: the plan summary. Card payment comes with the billing service; until then
// the page says plainly that payment is not available (the organization and lead are saved).
import styled from 'styled-components';
import type { SignupResponse } from '@lectern/shell-kit';
import { Button, AppLink } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Alert } from '../auth/form.parts.tsx';

/** Checkout summary prices (spec 001 §9). */
const PRICES = {
  premium: { name: 'Premium', monthly: '$497/mo', annual: '$297/mo billed annually' },
  standard: { name: 'Standard', monthly: '$197/mo', annual: '$147/mo billed annually' },
} as const;

const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.4rem 1rem;
  margin: 1.25rem 0;
  dt { color: ${({ theme }) => theme.colors.inkMuted}; }
  dd { margin: 0; font-weight: 600; }
`;

export function PaymentStep({ created, plan, interval }: { created: Extract<SignupResponse, { mode: 'create' }>; plan: 'standard' | 'premium'; interval: 'monthly' | 'annual' }) {
  const price = PRICES[plan];
  return (
    <AuthLayout>
      <h1>Step 2: Payment</h1>
      <Summary aria-label="Selected plan">
        <dt>Plan</dt>
        <dd>{price.name}</dd>
        <dt>Price</dt>
        <dd>{interval === 'annual' ? price.annual : price.monthly}</dd>
        <dt>Subdomain</dt>
        <dd>{created.subdomain}</dd>
      </Summary>
      <Alert $kind="info" role="status">
        <strong>Payment is not available yet.</strong>
        <p>{created.message}</p>
        <p>No card is charged and no account is created until payment opens.</p>
      </Alert>
      <p style={{ textAlign: 'center', marginTop: '1.25rem' }}>
        <Button as={AppLink} href="/" $variant="secondary">
          Back to Home
        </Button>
      </p>
    </AuthLayout>
  );
}
