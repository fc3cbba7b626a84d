// /forgot-password: asks for the e-mail and says the same thing whatever the address (the server
// never reveals whether it has an account); a throttled request shows the server's wait message.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError, Button, IDENTITY_BASE } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Alert, Form, TextField } from '../auth/form.parts.tsx';
import { isValidEmail } from '../auth/auth.rules.ts';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email.trim())) {
      setError('Enter a valid email address');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await api.post<{ message: string }>(`${IDENTITY_BASE}/password-reset`, { email: email.trim() });
      setSent(result.message);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.detail ? failure.detail : 'Failed to send the reset link. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout>
      <h1>Forgot password?</h1>
      <p>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
      {sent ? (
        <Alert $kind="success" role="status">
          {sent}
        </Alert>
      ) : (
        <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Reset password">
          {error && <Alert role="alert">{error}</Alert>}
          <TextField label="Email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} required />
          <Button type="submit" disabled={submitting || !email.trim()}>
            {submitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </Form>
      )}
      <p style={{ textAlign: 'center', marginTop: '1.25rem' }}>
        <Link to="/login">Back to Sign In</Link>
      </p>
    </AuthLayout>
  );
}
