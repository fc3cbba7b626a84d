// /reset-password#token=…: a new password under the password policy (checklist as on signup).
// The token sits in the fragment, so it never reaches a server log; the page removes it from the
// address bar once read.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError, Button, IDENTITY_BASE } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Alert, Form, PasswordField } from '../auth/form.parts.tsx';
import { meetsPasswordRules } from '../auth/auth.rules.ts';

// Kept for the page's lifetime: the area may mount the page again after the fragment is gone.
let linkToken: string | null = null;

function readToken(): string | null {
  const token = new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
  if (token) {
    linkToken = token;
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }
  return linkToken;
}

export function ResetPasswordPage() {
  const [token] = useState(readToken);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!token) return;
    if (!meetsPasswordRules(password)) {
      setError('Please meet the password requirements.');
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      setDone((await api.post<{ message: string }>(`${IDENTITY_BASE}/password-reset/confirm`, { token, password })).message);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.detail ? failure.detail : 'Failed to update the password. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout>
      <h1>Choose a new password</h1>
      {!token && (
        <Alert role="alert">
          This password link is invalid, has expired or was already used. Please ask for a new one.
          <p>
            <Link to="/forgot-password">Ask for a new link</Link>
          </p>
        </Alert>
      )}
      {token && done && (
        <Alert $kind="success" role="status">
          {done}
          <p>
            <Link to="/login">Sign In</Link>
          </p>
        </Alert>
      )}
      {token && !done && (
        <Form onSubmit={(event) => void submit(event)} noValidate aria-label="Choose a new password">
          {error && <Alert role="alert">{error}</Alert>}
          <PasswordField label="New password" value={password} onChange={setPassword} autoComplete="new-password" withChecklist />
          <Button type="submit" disabled={submitting || !password}>
            {submitting ? 'Saving…' : 'Set new password'}
          </Button>
        </Form>
      )}
    </AuthLayout>
  );
}
