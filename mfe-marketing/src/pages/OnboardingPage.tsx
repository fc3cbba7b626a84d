// /onboarding, 'Complete Your Setup' (deprecated, spec 001 §2): names, organization name and
// subdomain → the organization is created and the user becomes its ADMIN → /dashboard.
import { useState } from 'react';
import type { FormEvent } from 'react';
import styled from 'styled-components';
import { ApiError, Button, RequireSession, adoptSession, identity, navigateTo, signOut, useSession } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Alert, Form, Hint, Row, TextField } from '../auth/form.parts.tsx';
import { MESSAGES, deriveSubdomain } from '../auth/auth.rules.ts';
import { Badge } from './marketing.styles.ts';

type Field = 'firstName' | 'lastName' | 'organizationName' | 'subdomain';

const Top = styled.div`
  text-align: center;
`;

export function OnboardingPage() {
  return (
    <RequireSession>
      <OnboardingForm />
    </RequireSession>
  );
}

function OnboardingForm() {
  const user = useSession((state) => state.user);
  const [firstName, setFirstName] = useState(user?.firstName ?? '');
  const [lastName, setLastName] = useState(user?.lastName ?? '');
  const [organizationName, setOrganizationName] = useState('');
  const [subdomain, setSubdomain] = useState('');
  const [subdomainEdited, setSubdomainEdited] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const effectiveSubdomain = subdomainEdited ? subdomain : deriveSubdomain(organizationName);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!firstName.trim()) found.firstName = MESSAGES.firstName;
    if (!lastName.trim()) found.lastName = MESSAGES.lastName;
    if (!organizationName.trim()) found.organizationName = MESSAGES.organizationName;
    if (!deriveSubdomain(effectiveSubdomain)) found.subdomain = MESSAGES.subdomain;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const body = await identity.onboarding({ firstName: firstName.trim(), lastName: lastName.trim(), organizationName: organizationName.trim(), subdomain: deriveSubdomain(effectiveSubdomain) });
      adoptSession(body);
      navigateTo(body.redirect ?? '/dashboard');
    } catch (failure) {
      if (failure instanceof ApiError) {
        const fieldErrors = (failure.problem.fieldErrors ?? {}) as Partial<Record<Field, string>>;
        setErrors(fieldErrors);
        setFormError(failure.detail ?? 'Failed to create organization. Please try again.');
      } else {
        setFormError('Failed to create organization. Please try again.');
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout>
      <Top>
        <Badge>Deprecated</Badge>
      </Top>
      <h1>Complete Your Setup</h1>
      <p>Tell us who you are and create your organization.</p>
      <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Complete your setup">
        {formError && <Alert role="alert">{formError}</Alert>}
        <Row>
          <TextField label="First name" value={firstName} onChange={(event) => setFirstName(event.target.value)} error={errors.firstName} />
          <TextField label="Last name" value={lastName} onChange={(event) => setLastName(event.target.value)} error={errors.lastName} />
        </Row>
        <TextField label="Organization name" value={organizationName} onChange={(event) => setOrganizationName(event.target.value)} error={errors.organizationName} />
        <TextField
          label="Subdomain"
          value={effectiveSubdomain}
          onChange={(event) => {
            setSubdomainEdited(true);
            setSubdomain(event.target.value);
          }}
          error={errors.subdomain}
          hint={<Hint>Lower-case letters, digits and hyphens, at most 30 characters.</Hint>}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Creating…' : 'Complete Setup'}
        </Button>
      </Form>
      <Hint style={{ textAlign: 'center', marginTop: '1.25rem' }}>Need help? Contact support and we will finish the setup with you.</Hint>
      <p style={{ textAlign: 'center' }}>
        <Button type="button" $variant="ghost" onClick={() => void signOut()}>
          Sign Out
        </Button>
      </p>
    </AuthLayout>
  );
}
