// /signup (spec 001 §2, §4, §5, §8): join or create an organization account. Shown only when the
// flag signup_enabled is on (spinner while unknown, not-found when off). An invite fixes the
// e-mail, the organization and the role and hides the mode toggle. Join → /verify-email; create
// step 1 records the organization and lead, step 2 takes the payment (SignupPaymentStep.tsx).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { ApiError, Button, NotFound, Spinner, capture, identity, navigateTo, showToast, useFlag } from '@lectern/shell-kit';
import type { SignupResponse } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Captcha } from '../captcha/Captcha.tsx';
import { Alert, Field, Form, Hint, PasswordField, Row, TextField } from '../auth/form.parts.tsx';
import { MESSAGES, deriveSubdomain, validateSignup } from '../auth/auth.rules.ts';
import type { FieldErrors, SignupField } from '../auth/auth.rules.ts';
import { useDomainCheck, useInvite, useOrganizations } from '../auth/useSignupData.ts';
import { PaymentStep, type Applicant } from './SignupPaymentStep.tsx';

type Mode = 'join' | 'create';
type Plan = 'standard' | 'premium';
type Interval = 'monthly' | 'annual';

const pick = <T extends string>(allowed: readonly T[], value: string | null, fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

const Toggle = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.25rem;
  padding: 0.25rem;
  margin-top: 1.25rem;
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.page};
  button {
    font: inherit;
    font-size: 0.92rem;
    font-weight: 600;
    padding: 0.55rem 0.4rem;
    border: 0;
    border-radius: ${({ theme }) => theme.radius.sm};
    background: transparent;
    color: ${({ theme }) => theme.colors.inkMuted};
    cursor: pointer;
  }
  button[aria-pressed='true'] { background: ${({ theme }) => theme.colors.surface}; color: ${({ theme }) => theme.colors.primary}; box-shadow: ${({ theme }) => theme.shadow.card}; }
`;

const Footnote = styled.p`
  text-align: center;
  margin-top: 1.25rem;
`;

const FIELD_ORDER: readonly SignupField[] = ['organizationName', 'organizationId', 'firstName', 'lastName', 'email', 'password', 'captcha'];

function serverFieldErrors(error: ApiError): FieldErrors {
  const raw = error.problem.fieldErrors;
  if (!raw || typeof raw !== 'object') return {};
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(raw as Record<string, unknown>)) {
    const key = (field === 'captchaToken' ? 'captcha' : field) as SignupField;
    if (typeof message === 'string' && FIELD_ORDER.includes(key)) errors[key] = message;
  }
  return errors;
}

export function SignupPage() {
  const signupEnabled = useFlag('signup_enabled');
  if (signupEnabled === undefined) return <Spinner />;
  if (!signupEnabled) return <NotFound />;
  return <SignupForm />;
}

function SignupForm() {
  const [params] = useSearchParams();
  const inviteId = params.get('invite')?.trim() || null;
  const plan = pick<Plan>(['standard', 'premium'], params.get('plan'), 'standard');
  const interval = pick<Interval>(['monthly', 'annual'], params.get('interval'), 'monthly');
  const [mode, setMode] = useState<Mode>(inviteId ? 'join' : pick<Mode>(['create', 'join'], params.get('mode'), 'create'));
  const invite = useInvite(inviteId);
  const organizations = useOrganizations(mode === 'join' && !inviteId);

  const [organizationName, setOrganizationName] = useState('');
  const [organizationId, setOrganizationId] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [created, setCreated] = useState<Extract<SignupResponse, { mode: 'create' }> | null>(null);
  const [applicant, setApplicant] = useState<Applicant | null>(null);

  const domainBlocked = useDomainCheck(email, mode === 'create');
  const fixedInvite = invite.status === 'valid' ? invite.invite : null;

  if (created) return <PaymentStep created={created} plan={plan} interval={interval} applicant={applicant!} />;
  if (invite.status === 'loading') return <Spinner label="Checking your invitation…" />;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const found = validateSignup({ mode, invite: fixedInvite !== null, organizationName, organizationId, firstName, lastName, email, password, captcha });
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    setFormError(first ? found[first]! : null);
    if (first || domainBlocked || invite.status === 'invalid') return;
    setSubmitting(true);
    capture('signup_started', { mode });
    try {
      const answer = await identity.signup({
        mode,
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        email: fixedInvite ? fixedInvite.email : email.trim(),
        ...(phone.trim() ? { phone: phone.trim() } : {}),
        password,
        captcha: captcha!,
        ...(mode === 'create' ? { organizationName: organizationName.trim(), plan, interval } : {}),
        ...(mode === 'join' && fixedInvite ? { inviteId: fixedInvite.id } : {}),
        ...(mode === 'join' && !fixedInvite ? { organizationId: organizationId.trim() } : {}),
      });
      capture('signup_completed', { mode: answer.mode });
      if (answer.mode === 'join') {
        showToast({ kind: 'success', title: answer.message || MESSAGES.registered });
        navigateTo(`/verify-email?email=${encodeURIComponent(answer.email)}`);
      } else {
        setApplicant({ firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), phone: phone.trim(), organizationName: organizationName.trim() });
        setCreated(answer);
      }
    } catch (failure) {
      // A captcha solution is single use: every failed submit needs a new one.
      setCaptchaReset((n) => n + 1);
      if (failure instanceof ApiError) {
        setErrors(serverFieldErrors(failure));
        setFormError(failure.detail ?? (mode === 'join' ? MESSAGES.createAccountFailed : MESSAGES.createOrganizationAccountFailed));
      } else {
        setFormError(MESSAGES.signUpFailed);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const subdomain = deriveSubdomain(organizationName);
  return (
    <AuthLayout>
      <h1>{mode === 'create' ? 'Create your organization' : 'Join your organization'}</h1>
      <p>{mode === 'create' ? 'Set up Lectern for your church.' : 'Create your account in your church on Lectern.'}</p>
      {!inviteId && (
        <Toggle role="group" aria-label="Signup mode">
          <button type="button" aria-pressed={mode === 'join'} onClick={() => setMode('join')}>
            Join Organization
          </button>
          <button type="button" aria-pressed={mode === 'create'} onClick={() => setMode('create')}>
            Create Organization
          </button>
        </Toggle>
      )}
      <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Sign up">
        {invite.status === 'invalid' && <Alert role="alert">{invite.message}</Alert>}
        {formError && invite.status !== 'invalid' && <Alert role="alert">{formError}</Alert>}
        {fixedInvite && (
          <Alert $kind="info">
            You were invited to join <strong>{fixedInvite.organizationName}</strong> as {fixedInvite.role}.
          </Alert>
        )}
        {mode === 'create' && (
          <TextField
            label="Organization name"
            value={organizationName}
            onChange={(event) => setOrganizationName(event.target.value)}
            error={errors.organizationName}
            hint={subdomain && <Hint>Your subdomain: {subdomain}</Hint>}
            autoComplete="organization"
          />
        )}
        {mode === 'join' && fixedInvite && <TextField label="Organization" value={fixedInvite.organizationName} readOnly />}
        {mode === 'join' && !fixedInvite && invite.status !== 'invalid' && (
          <OrganizationChoice state={organizations} value={organizationId} onChange={setOrganizationId} error={errors.organizationId} />
        )}
        <Row>
          <TextField label="First name" value={firstName} onChange={(event) => setFirstName(event.target.value)} error={errors.firstName} autoComplete="given-name" />
          <TextField label="Last name" value={lastName} onChange={(event) => setLastName(event.target.value)} error={errors.lastName} autoComplete="family-name" />
        </Row>
        {fixedInvite ? (
          <TextField label="Email" type="email" value={fixedInvite.email} readOnly />
        ) : (
          <TextField label="Email" type="email" value={email} onChange={(event) => setEmail(event.target.value)} error={errors.email} autoComplete="email" />
        )}
        {mode === 'create' && domainBlocked && (
          <Alert role="alert">
            {domainBlocked}
            <p>
              <Button type="button" $variant="secondary" onClick={() => setEmail('')}>
                Try Different Email
              </Button>
            </p>
          </Alert>
        )}
        <TextField label="Phone (optional)" type="tel" value={phone} onChange={(event) => setPhone(event.target.value)} autoComplete="tel" />
        <PasswordField value={password} onChange={setPassword} error={errors.password} withChecklist autoComplete="new-password" />
        <Captcha onToken={setCaptcha} resetKey={captchaReset} />
        {errors.captcha && <Hint role="alert">{errors.captcha}</Hint>}
        <Button type="submit" disabled={!captcha || submitting || (mode === 'create' && domainBlocked !== null) || invite.status === 'invalid'}>
          {submitting ? 'Creating your account…' : 'Continue'}
        </Button>
      </Form>
      <Footnote>
        Already have an account? <Link to="/login">Sign In</Link>
      </Footnote>
    </AuthLayout>
  );
}

function OrganizationChoice({
  state,
  value,
  onChange,
  error,
}: {
  state: ReturnType<typeof useOrganizations>;
  value: string;
  onChange: (id: string) => void;
  error?: string;
}) {
  if (state.status === 'loading') return <Spinner label="Loading organizations…" />;
  if (state.status === 'failed') {
    return (
      <>
        <Alert $kind="info">{MESSAGES.organizationListUnavailable}</Alert>
        <TextField label="Organization ID" value={value} onChange={(event) => onChange(event.target.value)} error={error} />
      </>
    );
  }
  return (
    <Field label="Organization" error={error}>
      {(id, describedBy) => (
        <select id={id} value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
          <option value="">Select your organization…</option>
          {state.items.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {organization.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
