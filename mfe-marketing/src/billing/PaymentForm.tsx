// The card step (spec 001 §5, §7): billing details (first name, last name, e-mail required; phone
// optional) and the card, through the adapter the billing service names (ADR 0013):
// - payment-element: Stripe.js's Payment Element (tabs layout) confirmed with the client secret,
//   return URL /billing/success, no redirect unless the card needs one (production);
// - test-card: Stripe's test payment methods, confirmed through the billing service (local stack,
//   tests; Stripe.js cannot load here).
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, Button, capture, checkout2step, Spinner } from '@lectern/shell-kit';
import { Alert, Form, Row, TextField } from '../auth/form.parts.tsx';
import { paymentConfig, payWithTestCard, type PaymentAdapter, type TestPaymentMethod } from './billing.client.ts';

export const PAYMENT_MESSAGES = { failed: 'Payment failed', setupFailed: 'Payment setup failed. Please try again.' } as const;

export interface BillingDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const TEST_CARDS: { method: TestPaymentMethod; label: string; note: string }[] = [
  { method: 'pm_card_visa', label: 'Visa •••• 4242', note: 'Test card that succeeds' },
  { method: 'pm_card_chargeDeclined', label: 'Visa •••• 0002', note: 'Test card that is declined' },
];

const Cards = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 10px;
  padding: 0.75rem 1rem;
  margin: 0;
  legend { font-weight: 600; padding: 0 0.3rem; }
  label { display: flex; gap: 0.6rem; align-items: baseline; padding: 0.35rem 0; cursor: pointer; flex-wrap: wrap; }
  small { color: ${({ theme }) => theme.colors.inkMuted}; }
`;

interface StripeJs {
  elements(options: { clientSecret: string; appearance?: unknown }): { create(kind: 'payment', options: unknown): { mount(el: HTMLElement): void; destroy(): void } };
  confirmPayment(options: unknown): Promise<{ error?: { message?: string } }>;
}

function loadStripeJs(publishableKey: string): Promise<StripeJs> {
  const w = window as unknown as { Stripe?: (key: string) => StripeJs };
  if (w.Stripe) return Promise.resolve(w.Stripe(publishableKey));
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.onload = () => (w.Stripe ? resolve(w.Stripe(publishableKey)) : reject(new Error('Stripe.js did not load')));
    script.onerror = () => reject(new Error('Stripe.js did not load'));
    document.head.appendChild(script);
  });
}

/**
 * `twoStepCheckout`: the offer checkouts' step 2, whose analytics events carry the spec's
 * 'checkout2step.' prefix so they never mix with signup's events of the same name.
 */
export function PaymentForm({ clientSecret, subscriptionId, initial, submitLabel, onPaid, twoStepCheckout = false }: { clientSecret: string; subscriptionId: string; initial: BillingDetails; submitLabel: string; onPaid: () => Promise<void>; twoStepCheckout?: boolean }) {
  const track = (name: 'payment_submitted' | 'payment_succeeded' | 'payment_failed') => capture(twoStepCheckout ? checkout2step(name) : name);
  const [adapter, setAdapter] = useState<{ key: string; kind: PaymentAdapter } | null>(null);
  const [details, setDetails] = useState<BillingDetails>(initial);
  const [card, setCard] = useState<TestPaymentMethod>('pm_card_visa');
  const [error, setError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const elementHost = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; elements: unknown } | null>(null);

  useEffect(() => {
    let live = true;
    void paymentConfig().then((config) => live && setAdapter({ key: config.publishableKey, kind: config.adapter }));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (adapter?.kind !== 'payment-element' || !elementHost.current) return;
    let mounted: { destroy(): void } | undefined;
    loadStripeJs(adapter.key)
      .then((js) => {
        const elements = js.elements({ clientSecret });
        const element = elements.create('payment', { layout: 'tabs' });
        element.mount(elementHost.current!);
        mounted = element;
        stripe.current = { js, elements };
      })
      .catch(() => setError(PAYMENT_MESSAGES.setupFailed));
    return () => mounted?.destroy();
  }, [adapter, clientSecret]);

  if (!adapter) return <Spinner label="Loading the payment form…" />;

  const missing = !details.firstName.trim() || !details.lastName.trim() || !details.email.trim();

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (paying || missing) return;
    setPaying(true);
    setError(null);
    track('payment_submitted');
    const name = `${details.firstName.trim()} ${details.lastName.trim()}`;
    try {
      if (adapter!.kind === 'test-card') {
        await payWithTestCard({ subscriptionId, clientSecret, paymentMethod: card, billingDetails: { name, email: details.email.trim(), phone: details.phone.trim() || null } });
      } else {
        if (!stripe.current) throw new Error(PAYMENT_MESSAGES.setupFailed);
        const result = await stripe.current.js.confirmPayment({
          elements: stripe.current.elements,
          confirmParams: { return_url: `${window.location.origin}/billing/success?session_id=${encodeURIComponent(subscriptionId)}`, payment_method_data: { billing_details: { name, email: details.email.trim(), phone: details.phone.trim() || undefined } } },
          redirect: 'if_required',
        });
        if (result.error) throw new Error(result.error.message || PAYMENT_MESSAGES.failed);
      }
    } catch (failure) {
      track('payment_failed');
      setError(failure instanceof ApiError ? failure.detail || PAYMENT_MESSAGES.failed : failure instanceof Error && failure.message ? failure.message : PAYMENT_MESSAGES.failed);
      setPaying(false);
      return;
    }
    track('payment_succeeded');
    try {
      await onPaid();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : PAYMENT_MESSAGES.failed);
      setPaying(false);
    }
  }

  const set = (field: keyof BillingDetails) => (e: { target: { value: string } }) => setDetails((d) => ({ ...d, [field]: e.target.value }));
  return (
    <Form onSubmit={pay} noValidate aria-label="Payment">
      <Row>
        <TextField label="First name" value={details.firstName} onChange={set('firstName')} required autoComplete="given-name" />
        <TextField label="Last name" value={details.lastName} onChange={set('lastName')} required autoComplete="family-name" />
      </Row>
      <TextField label="Email" type="email" value={details.email} onChange={set('email')} required autoComplete="email" />
      <TextField label="Phone (optional)" type="tel" value={details.phone} onChange={set('phone')} autoComplete="tel" />
      {adapter.kind === 'test-card' ? (
        <Cards>
          <legend>Card (test mode)</legend>
          {TEST_CARDS.map((c) => (
            <label key={c.method}>
              <input type="radio" name="test-card" value={c.method} checked={card === c.method} onChange={() => setCard(c.method)} />
              <span>{c.label}</span>
              <small>{c.note}</small>
            </label>
          ))}
        </Cards>
      ) : (
        <div>
          <strong>Card</strong>
          <div ref={elementHost} />
        </div>
      )}
      {error && (
        <Alert $kind="error" role="alert">
          {error}
        </Alert>
      )}
      <Button type="submit" disabled={paying || missing}>
        {paying ? 'Processing…' : submitLabel}
      </Button>
    </Form>
  );
}
