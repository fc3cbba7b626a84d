// Create mode, step 2 (spec 001 §2, §4, §8): the selected plan with its live price, then the card.
// The price is resolved and the subscription prepared as soon as the step opens; a failure there is
// 'Unable to initiate payment step. Please contact support.'. After the card is accepted, identity
// creates the ADMIN user and converts the lead; then /billing/success. A declined card leaves no
// account (none exists before payment) and the same form can pay again.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { SignupResponse } from '@lectern/shell-kit';
import { navigateTo, Spinner } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Alert } from '../auth/form.parts.tsx';
import { completeSignup, formatMoney, prepareSubscription, productCodeFor, resolvePrices, type Interval, type Plan, type PreparedSubscription } from '../billing/billing.client.ts';
import { clearCheckout, saveCheckout } from '../billing/checkout.storage.ts';
import { PaymentForm } from '../billing/PaymentForm.tsx';

export const PAYMENT_STEP_MESSAGES = { cannotStart: 'Unable to initiate payment step. Please contact support.' } as const;

const PLAN_NAMES: Record<Plan, string> = { premium: 'Premium', standard: 'Standard' };

const Summary = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.4rem 1rem;
  margin: 1.25rem 0;
  dt { color: ${({ theme }) => theme.colors.inkMuted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

export interface Applicant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  organizationName: string;
}

export function PaymentStep({ created, plan, interval, applicant }: { created: Extract<SignupResponse, { mode: 'create' }>; plan: Plan; interval: Interval; applicant: Applicant }) {
  const [prepared, setPrepared] = useState<PreparedSubscription | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const code = productCodeFor(plan, interval);
      const price = (await resolvePrices([code]))[code];
      if (!price) throw new Error('no price');
      const result = await prepareSubscription({ organizationId: created.organizationId, email: applicant.email, priceId: price.price_id });
      if (!result.clientSecret || !result.subscriptionId) throw new Error('incomplete answer');
      saveCheckout({
        kind: 'signup', ...applicant, subdomain: created.subdomain, plan, interval, createdOrgId: created.organizationId, checkoutToken: created.checkoutToken,
        clientSecret: result.clientSecret, subscriptionId: result.subscriptionId, amountDueCents: result.amountDue, currency: result.currency, createdAt: Date.now(),
      });
      if (live) setPrepared(result);
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [created, plan, interval, applicant]);

  async function finish() {
    await completeSignup(created.organizationId, created.checkoutToken);
    clearCheckout('signup');
    navigateTo(`/billing/success?session_id=${encodeURIComponent(prepared!.subscriptionId)}`);
  }

  return (
    <AuthLayout>
      <h1>Step 2: Payment</h1>
      <Summary aria-label="Selected plan">
        <dt>Plan</dt>
        <dd>{PLAN_NAMES[plan]} ({interval === 'annual' ? 'billed annually' : 'billed monthly'})</dd>
        <dt>Due today</dt>
        <dd>{prepared ? formatMoney(prepared.amountDue, prepared.currency, 2) : '—'}</dd>
        <dt>Organization</dt>
        <dd>{applicant.organizationName}</dd>
        <dt>Subdomain</dt>
        <dd>{created.subdomain}</dd>
      </Summary>
      {failed ? (
        <Alert $kind="error" role="alert">
          {PAYMENT_STEP_MESSAGES.cannotStart}
        </Alert>
      ) : prepared ? (
        <PaymentForm
          clientSecret={prepared.clientSecret}
          subscriptionId={prepared.subscriptionId}
          initial={{ firstName: applicant.firstName, lastName: applicant.lastName, email: applicant.email, phone: applicant.phone }}
          submitLabel={`Pay ${formatMoney(prepared.amountDue, prepared.currency, 2)}`}
          onPaid={finish}
        />
      ) : (
        <Spinner label="Preparing your payment…" />
      )}
    </AuthLayout>
  );
}
