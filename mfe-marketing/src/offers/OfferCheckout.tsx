// Generic offer checkout (spec 001 §2, §4): lead details → organization details → payment. The
// payment appears once a client secret and the created organization exist; a stored checkout
// (one hour) resumes at payment.
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { Button, Card } from '@lectern/shell-kit';
import { Form, Row, TextField } from '../auth/form.parts.tsx';
import { isValidEmail, MESSAGES as REQUIRED_MESSAGES } from '../auth/auth.rules.ts';
import { loadCheckout, type CheckoutState } from '../billing/checkout.storage.ts';
import { OfferOrganizationForm, type LeadDetails } from './OfferOrganizationForm.tsx';
import { OfferPayment } from './OfferPayment.tsx';
import type { OfferDefinition } from './offers.ts';

const Steps = styled.ol`
  display: flex;
  gap: 1rem;
  flex-wrap: wrap;
  padding: 0;
  list-style: none;
  li[aria-current='step'] { font-weight: 700; }
`;

export function OfferCheckout({ offer }: { offer: OfferDefinition }) {
  const stored = loadCheckout(offer.key);
  const [state, setState] = useState<CheckoutState | null>(stored.status === 'ok' ? stored.state : null);
  const [lead, setLead] = useState<LeadDetails | null>(null);
  const [draft, setDraft] = useState<LeadDetails>({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof LeadDetails, string>>>({});
  const step = state ? 3 : lead ? 2 : 1;

  function next(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<keyof LeadDetails, string>> = {};
    if (!draft.firstName.trim()) found.firstName = REQUIRED_MESSAGES.firstName;
    if (!draft.lastName.trim()) found.lastName = REQUIRED_MESSAGES.lastName;
    if (!isValidEmail(draft.email)) found.email = draft.email.trim() ? 'Enter a valid email address' : REQUIRED_MESSAGES.email;
    setErrors(found);
    if (Object.keys(found).length === 0) setLead(draft);
  }

  const set = (field: keyof LeadDetails) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));
  return (
    <Card>
      <h2>{offer.name}</h2>
      <p>{offer.description}</p>
      <Steps aria-label="Checkout steps">
        {['Lead details', 'Organization details', 'Payment'].map((label, i) => (
          <li key={label} aria-current={step === i + 1 ? 'step' : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </Steps>
      {step === 1 && (
        <Form onSubmit={next} noValidate aria-label="Lead details">
          <Row>
            <TextField label="First name" value={draft.firstName} onChange={set('firstName')} error={errors.firstName} autoComplete="given-name" />
            <TextField label="Last name" value={draft.lastName} onChange={set('lastName')} error={errors.lastName} autoComplete="family-name" />
          </Row>
          <TextField label="Email" type="email" value={draft.email} onChange={set('email')} error={errors.email} autoComplete="email" />
          <TextField label="Phone (optional)" type="tel" value={draft.phone} onChange={set('phone')} autoComplete="tel" />
          <Button type="submit">Next</Button>
        </Form>
      )}
      {step === 2 && lead && (
        <>
          <OfferOrganizationForm offer={offer} lead={lead} submitLabel="Continue to payment" onCreated={setState} />
          <p style={{ marginTop: '1rem' }}>
            <Button type="button" $variant="secondary" onClick={() => setLead(null)}>
              Back
            </Button>
          </p>
        </>
      )}
      {step === 3 && state && <OfferPayment offer={offer} state={state} onBack={() => setState(null)} />}
    </Card>
  );
}
