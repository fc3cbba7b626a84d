// The payment part of an offer checkout: account details, the offer summary with the amount due
// today, and the card form. Used by /cotr-special-step2 and the generic offer checkout.
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Spinner } from '@lectern/shell-kit';
import { Alert } from '../auth/form.parts.tsx';
import { formatMoney } from '../billing/billing.client.ts';
import type { CheckoutState } from '../billing/checkout.storage.ts';
import { PaymentForm } from '../billing/PaymentForm.tsx';
import { finishOffer, prepareOffer } from './offer.checkout.ts';
import { OFFER_MESSAGES, type OfferDefinition } from './offers.ts';

const Details = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 0.35rem 1rem;
  margin: 0.75rem 0 1.25rem;
  dt { color: ${({ theme }) => theme.colors.inkMuted}; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;

export function OfferPayment({ offer, state, onBack }: { offer: OfferDefinition; state: CheckoutState; onBack: () => void }) {
  const [ready, setReady] = useState<CheckoutState | null>(state.clientSecret ? state : null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    prepareOffer(offer, state).then((next) => live && setReady(next), () => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [offer, state]);

  return (
    <section aria-label="Complete your payment">
      <h2>Account details</h2>
      <Details>
        <dt>Name</dt>
        <dd>{state.firstName} {state.lastName}</dd>
        <dt>Email</dt>
        <dd>{state.email}</dd>
        <dt>Organization</dt>
        <dd>{state.organizationName}</dd>
      </Details>
      <h2>Offer summary</h2>
      <Details>
        {offer.features.map((f) => (
          <dd key={f} style={{ gridColumn: '1 / -1', fontWeight: 400 }}>{f}</dd>
        ))}
        <dt>Due today</dt>
        <dd data-testid="offer-due">{ready?.amountDueCents !== undefined ? formatMoney(ready.amountDueCents, ready.currency) : '—'}</dd>
      </Details>
      {failed ? (
        <Alert $kind="error" role="alert">
          {OFFER_MESSAGES.prepareFailed}
        </Alert>
      ) : ready?.clientSecret && ready.subscriptionId ? (
        <PaymentForm
          clientSecret={ready.clientSecret}
          subscriptionId={ready.subscriptionId}
          initial={{ firstName: state.firstName, lastName: state.lastName, email: state.email, phone: state.phone ?? '' }}
          submitLabel={`Pay ${formatMoney(ready.amountDueCents ?? 0, ready.currency)}`}
          onPaid={() => finishOffer(offer, ready)}
          twoStepCheckout
        />
      ) : (
        <Spinner label="Preparing checkout…" />
      )}
      <p style={{ marginTop: '1rem' }}>
        <Button type="button" $variant="secondary" onClick={onBack}>
          Back
        </Button>
      </p>
    </section>
  );
}
