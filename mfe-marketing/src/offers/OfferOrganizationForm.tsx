// The create-organization form of an offer (spec 001 §2 Special offer, §5): names, e-mail (phone
// optional), organization name, password under the policy, captcha. The domain check uses the
// offer's wording. On success the checkout is stored and `onCreated` goes to payment.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError, Button } from '@lectern/shell-kit';
import { Alert, Form, Hint, PasswordField, Row, TextField } from '../auth/form.parts.tsx';
import { validateSignup, type FieldErrors } from '../auth/auth.rules.ts';
import { useDomainCheck } from '../auth/useSignupData.ts';
import { Captcha } from '../captcha/Captcha.tsx';
import type { CheckoutState } from '../billing/checkout.storage.ts';
import { createOfferOrganization } from './offer.checkout.ts';
import { OFFER_MESSAGES, type OfferDefinition } from './offers.ts';

export interface LeadDetails {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** With `lead` (the generic checkout's first step) only the organization fields are asked. */
export function OfferOrganizationForm({ offer, submitLabel, onCreated, lead }: { offer: OfferDefinition; submitLabel: string; onCreated: (state: CheckoutState) => void; lead?: LeadDetails }) {
  const [v, setV] = useState({ firstName: '', lastName: '', email: '', phone: '', ...lead, organizationName: '', password: '' });
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const domainBlocked = useDomainCheck(v.email, true);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateSignup({ mode: 'create', invite: false, organizationName: v.organizationName, organizationId: '', firstName: v.firstName, lastName: v.lastName, email: v.email, password: v.password, captcha });
    setErrors(found);
    const first = Object.values(found)[0];
    setFormError(first ?? null);
    if (first || domainBlocked) return;
    setSubmitting(true);
    try {
      onCreated(await createOfferOrganization(offer, { ...v, captcha: captcha! }));
    } catch (failure) {
      setCaptchaReset((n) => n + 1);
      setFormError(failure instanceof ApiError && failure.detail ? (failure.problem.reason === 'domain_has_organization' ? OFFER_MESSAGES.domainTaken : failure.detail) : OFFER_MESSAGES.createFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const set = (field: keyof typeof v) => (e: { target: { value: string } }) => setV((s) => ({ ...s, [field]: e.target.value }));
  return (
    <Form onSubmit={(e) => void submit(e)} noValidate aria-label="Create your organization">
      <TextField label="Organization name" value={v.organizationName} onChange={set('organizationName')} error={errors.organizationName} autoComplete="organization" />
      {!lead && (
        <>
          <Row>
            <TextField label="First name" value={v.firstName} onChange={set('firstName')} error={errors.firstName} autoComplete="given-name" />
            <TextField label="Last name" value={v.lastName} onChange={set('lastName')} error={errors.lastName} autoComplete="family-name" />
          </Row>
          <TextField label="Email" type="email" value={v.email} onChange={set('email')} error={errors.email} autoComplete="email" />
        </>
      )}
      {domainBlocked && (
        <Alert $kind="error" role="alert">
          {OFFER_MESSAGES.domainTaken}
          <p>
            <Button type="button" $variant="secondary" onClick={() => setV((s) => ({ ...s, email: '' }))}>
              Try Different Email
            </Button>
          </p>
        </Alert>
      )}
      {!lead && <TextField label="Phone (optional)" type="tel" value={v.phone} onChange={set('phone')} autoComplete="tel" />}
      <PasswordField value={v.password} onChange={(password) => setV((s) => ({ ...s, password }))} error={errors.password} withChecklist autoComplete="new-password" />
      <Captcha onToken={setCaptcha} resetKey={captchaReset} />
      {errors.captcha && <Hint role="alert">{errors.captcha}</Hint>}
      {formError && !errors.captcha && (
        <Alert $kind="error" role="alert">
          {formError}
        </Alert>
      )}
      <Button type="submit" disabled={!captcha || submitting || domainBlocked !== null}>
        {submitting ? 'Creating…' : submitLabel}
      </Button>
    </Form>
  );
}
