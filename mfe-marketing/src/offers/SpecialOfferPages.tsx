// /cotr-special and /cotr-special-step2 (spec 001 §2 Special offer, §9): behind the flag
// offers_cotr_enabled (spinner while unknown, not-found when off). Step 1 is the marketing page
// with the create-organization form and the FAQ; step 2 ('Complete Your Payment') shows the
// account details, the offer summary and the payment form. Stored checkout data lives one hour;
// expired → 'Session expired. Please start over.' and back to /cotr-special.
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useParams } from 'react-router-dom';
import { Card, NotFound, PageContainer, PageTitle, Spinner, navigateTo, useFlag } from '@lectern/shell-kit';
import { Alert } from '../auth/form.parts.tsx';
import { loadCheckout, type LoadedCheckout } from '../billing/checkout.storage.ts';
import { OfferOrganizationForm } from './OfferOrganizationForm.tsx';
import { OfferPayment } from './OfferPayment.tsx';
import { COTR_SPECIAL, DEFAULT_OFFER, OFFER_MESSAGES } from './offers.ts';
import { OfferCheckout } from './OfferCheckout.tsx';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 340px), 1fr));
  gap: 1.5rem;
  align-items: start;
`;

const Price = styled.table`
  width: 100%;
  border-collapse: collapse;
  td { padding: 0.35rem 0; }
  td:last-child { text-align: right; font-weight: 600; }
  tr:last-child td { border-top: 1px solid ${({ theme }) => theme.colors.border}; font-size: 1.15rem; }
  s { color: ${({ theme }) => theme.colors.inkMuted}; font-weight: 400; margin-right: 0.4rem; }
`;

const FAQ = [
  ['What is included?', 'A full year of Lectern Premium for your church and our team migrating up to 5 years — about 260 videos — of your past sermons into Lectern, each with its transcript, outline and 5-day devotional.'],
  ['How long does it take?', 'About one week for the kickoff, about 2–3 weeks for the migration, and 4–6 weeks to bring your whole team and members on board.'],
  ['What do I pay today?', '$4,564 up front: the annual subscription ($3,564, retail $5,964) and the migration ($1,000, retail $17,820). That is $19,220 less than the $23,784 standard value.'],
  ['What happens after the first year?', 'Your subscription renews yearly at the annual Premium price unless you cancel before the renewal date.'],
] as const;

function FlagGate({ children }: { children: ReactNode }) {
  const enabled = useFlag('offers_cotr_enabled');
  if (enabled === undefined) return <Spinner label="Loading…" />;
  if (!enabled) return <NotFound />;
  return <>{children}</>;
}

export function SpecialOfferPage() {
  return (
    <FlagGate>
      <PageContainer>
        <PageTitle>Your church&apos;s exclusive Lectern bundle</PageTitle>
        <p>A year of Lectern Premium plus white-glove migration of about 260 past sermons — transcripts, outlines and devotionals for everything you have preached.</p>
        <Grid>
          <Card>
            <h2>The offer</h2>
            <Price aria-label="Offer pricing">
              <tbody>
                <tr><td>Annual subscription</td><td><s>$5,964</s>$3,564</td></tr>
                <tr><td>White-glove migration (up to 5 years, ~260 videos)</td><td><s>$17,820</s>$1,000</td></tr>
                <tr><td>Paid up front</td><td>$4,564</td></tr>
              </tbody>
            </Price>
            <p>Standard value $23,784 — you save $19,220.</p>
            <h2>Frequently asked questions</h2>
            {FAQ.map(([q, a]) => (
              <details key={q}>
                <summary>{q}</summary>
                <p>{a}</p>
              </details>
            ))}
          </Card>
          <Card>
            <h2>Create your organization</h2>
            <OfferOrganizationForm offer={COTR_SPECIAL} submitLabel="Continue to payment" onCreated={() => navigateTo('/cotr-special-step2')} />
          </Card>
        </Grid>
      </PageContainer>
    </FlagGate>
  );
}

export function SpecialOfferPaymentPage() {
  const [loaded] = useState<LoadedCheckout>(() => loadCheckout(COTR_SPECIAL.key));
  useEffect(() => {
    if (loaded.status === 'expired') {
      const timer = setTimeout(() => navigateTo('/cotr-special'), 2500);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [loaded]);
  return (
    <FlagGate>
      <PageContainer>
        <PageTitle>Complete Your Payment</PageTitle>
        <Card>
          {loaded.status === 'ok' ? (
            <OfferPayment offer={COTR_SPECIAL} state={loaded.state} onBack={() => navigateTo('/cotr-special')} />
          ) : (
            <Alert $kind="error" role="alert">
              {loaded.status === 'expired' ? OFFER_MESSAGES.expired : loaded.status === 'invalid' ? OFFER_MESSAGES.invalid : OFFER_MESSAGES.missing}
            </Alert>
          )}
        </Card>
      </PageContainer>
    </FlagGate>
  );
}

/** /offer-checkout/{default|cotr}: the generic three-step checkout of an offer. */
export function OfferCheckoutPage() {
  const { offerKey } = useParams();
  const offer = [DEFAULT_OFFER, COTR_SPECIAL].find((o) => o.key === offerKey);
  if (!offer) return <NotFound />;
  return (
    <PageContainer>
      <OfferCheckout offer={offer} />
    </PageContainer>
  );
}
