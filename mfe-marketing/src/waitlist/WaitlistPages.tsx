// /waitlist/thank-you and /waitlist/confirm (spec 001 §2, §4, §8).
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Button, capture, Spinner } from '@lectern/shell-kit';
import { AuthLayout } from '../pages/AuthLayout.tsx';
import { waitlistApi } from './waitlist.client.ts';
import { confirmViewOf, WAITLIST_SOURCE, WAITLIST_TEXTS, type ConfirmView } from './waitlist.rules.ts';
import { EmailCaptureForm } from './EmailCaptureForm.tsx';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: 0.75rem;
  margin-top: 1.5rem;
`;

const FreshLink = styled.div`
  margin-top: 1.25rem;
  display: flex;
  justify-content: center;
`;

const Mark = styled.div<{ $tone: 'success' | 'info' | 'danger' }>`
  width: 3.25rem;
  height: 3.25rem;
  margin: 0 auto 1rem;
  border-radius: 50%;
  display: grid;
  place-items: center;
  font-size: 1.6rem;
  font-weight: 700;
  ${({ theme, $tone }) =>
    $tone === 'success'
      ? `background: ${theme.colors.successSoft}; color: ${theme.colors.success};`
      : $tone === 'danger'
        ? `background: ${theme.colors.dangerSoft}; color: ${theme.colors.danger};`
        : `background: ${theme.colors.infoSoft}; color: ${theme.colors.info};`}
`;

/** A result: its mark (decorative), heading and text. */
function Outcome({ tone, mark, title, children }: { tone: 'success' | 'info' | 'danger'; mark: string; title: string; children: ReactNode }) {
  return (
    <>
      <Mark $tone={tone} aria-hidden="true">
        {mark}
      </Mark>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** /waitlist/thank-you: the address arrives in navigation state (spec 001 §2 route table). */
export function WaitlistThankYouPage() {
  const state = useLocation().state as { email?: unknown } | null;
  const email = typeof state?.email === 'string' ? state.email : null;
  return (
    <AuthLayout>
      <Outcome tone="info" mark="✉" title="Check your inbox">
        <p>We just sent a confirmation e-mail to {email ? <strong>{email}</strong> : 'your e-mail address'}.</p>
        <p>Click the link in it to finalise your spot: you are almost on the waiting list.</p>
        <Actions>
          <Button as={Link} to="/">
            Back to Home
          </Button>
        </Actions>
      </Outcome>
    </AuthLayout>
  );
}

/** One confirmation call per token even if the page mounts twice. */
const confirmations = new Map<string, Promise<Exclude<ConfirmView, 'loading'>>>();

function confirmOnce(token: string): Promise<Exclude<ConfirmView, 'loading'>> {
  let pending = confirmations.get(token);
  if (!pending) {
    pending = waitlistApi.confirm(token).then(confirmViewOf, confirmViewOf).then((view) => {
      if (view === 'confirmed') capture('waitlist_confirmed', { source: WAITLIST_SOURCE });
      return view;
    });
    confirmations.set(token, pending);
  }
  return pending;
}

/** /waitlist/confirm?token=: loading → confirmed / already confirmed / expired / error; no token → error. */
export function WaitlistConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [view, setView] = useState<ConfirmView>(token ? 'loading' : 'error');

  useEffect(() => {
    if (!token) return;
    let live = true;
    void confirmOnce(token).then((next) => live && setView(next));
    return () => {
      live = false;
    };
  }, [token]);

  if (view === 'loading') {
    return (
      <AuthLayout>
        <Spinner label="Confirming your spot…" />
      </AuthLayout>
    );
  }
  const home = (
    <Actions>
      <Button as={Link} to="/">
        Back to Home
      </Button>
    </Actions>
  );
  return (
    <AuthLayout>
      {view === 'confirmed' && (
        <Outcome tone="success" mark="✓" title="You’re in!">
          <p>Your e-mail address is confirmed and your spot on the waiting list is saved. We will write to you as soon as a place opens for your church.</p>
          <Actions>
            <Button type="button" onClick={() => window.close()}>
              Close window
            </Button>
          </Actions>
        </Outcome>
      )}
      {view === 'already_confirmed' && (
        <Outcome tone="success" mark="✓" title="Already Confirmed">
          <p>This e-mail address is already confirmed: your spot on the waiting list is saved. There is nothing more to do.</p>
          {home}
        </Outcome>
      )}
      {view === 'expired' && (
        <Outcome tone="info" mark="!" title="Link Expired">
          <p>This confirmation link has expired. Please enter your e-mail address again and we will send you a fresh link.</p>
          <FreshLink>
            <EmailCaptureForm mode="waitlist" />
          </FreshLink>
        </Outcome>
      )}
      {view === 'error' && (
        <Outcome tone="danger" mark="×" title="Something went wrong">
          <p>
            We could not confirm your spot on the waiting list. Please contact support at{' '}
            <a href={`mailto:${WAITLIST_TEXTS.supportEmail}`}>{WAITLIST_TEXTS.supportEmail}</a>.
          </p>
          {home}
        </Outcome>
      )}
    </AuthLayout>
  );
}
