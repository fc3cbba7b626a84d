// /confirmed (spec 001 §2, §9): the confirmation link's token becomes a session; the page shows
// 'Email confirmed!' and goes to /dashboard 1.2 s after the check (or at once when no token is
// present: nothing to wait for), and in any case after a 5 s fallback.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError, Spinner, adoptSession, identity, navigateTo } from '@lectern/shell-kit';
import { AuthLayout } from './AuthLayout.tsx';
import { Alert } from '../auth/form.parts.tsx';

export const CONFIRMED_REDIRECT_MS = 1200;
export const CONFIRMED_FALLBACK_MS = 5000;

type State = { status: 'checking' } | { status: 'confirmed' } | { status: 'failed'; message: string };

/** One confirmation per token even if the page mounts twice (a token is single use). */
const confirmations = new Map<string, Promise<void>>();

export function ConfirmedPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(token ? { status: 'checking' } : { status: 'confirmed' });

  useEffect(() => {
    let redirectTimer: ReturnType<typeof setTimeout> | undefined;
    const go = () => navigateTo('/dashboard');
    const fallback = setTimeout(go, CONFIRMED_FALLBACK_MS);
    if (!token) {
      redirectTimer = setTimeout(go, CONFIRMED_REDIRECT_MS);
    } else {
      let pending = confirmations.get(token);
      if (!pending) {
        pending = identity.confirmEmail(token).then((body) => void adoptSession(body));
        confirmations.set(token, pending);
      }
      pending.then(
        () => setState({ status: 'confirmed' }),
        (error: unknown) =>
          setState({ status: 'failed', message: error instanceof ApiError && error.detail ? error.detail : 'This confirmation link is invalid or has expired.' }),
      ).finally(() => {
        redirectTimer = setTimeout(go, CONFIRMED_REDIRECT_MS);
      });
    }
    return () => {
      clearTimeout(fallback);
      if (redirectTimer) clearTimeout(redirectTimer);
    };
  }, [token]);

  return (
    <AuthLayout>
      {state.status === 'checking' && <Spinner label="Confirming your email…" />}
      {state.status === 'confirmed' && (
        <>
          <h1>Email confirmed!</h1>
          <p>Taking you to your dashboard…</p>
        </>
      )}
      {state.status === 'failed' && (
        <>
          <h1>We could not confirm your email</h1>
          <Alert role="alert">{state.message}</Alert>
        </>
      )}
    </AuthLayout>
  );
}
