// The landing page's e-mail capture (spec 001 §1, §2): with signup open it starts a signup with the
// address filled in ("get started"); with signup closed it joins the waiting list
// (waitlist-signup, source 'marketing-landing') and goes to /waitlist/thank-you with the address.
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { Button, capture } from '@lectern/shell-kit';
import { waitlistApi } from './waitlist.client.ts';
import { joinErrorMessage, WAITLIST_SOURCE, waitlistEmailError } from './waitlist.rules.ts';

const Form = styled.form<{ $onDark: boolean }>`
  display: grid;
  gap: 0.5rem;
  max-width: 520px;
  text-align: left;
  label { font-weight: 600; color: ${({ theme, $onDark }) => ($onDark ? '#fff' : theme.colors.ink)}; }
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.6rem;
  input {
    flex: 1 1 14rem;
    min-width: 0;
    font: inherit;
    padding: 0.7rem 0.85rem;
    border-radius: ${({ theme }) => theme.radius.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: #fff;
    color: ${({ theme }) => theme.colors.ink};
  }
  input[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.danger}; box-shadow: 0 0 0 2px ${({ theme }) => theme.colors.dangerSoft}; }
`;

const SubmitButton = styled(Button)`
  flex: 0 0 auto;
  background: ${({ theme }) => theme.colors.accent};
  color: #14202f;
  &:hover:not(:disabled) { background: #e0ad55; }
`;

const Message = styled.p<{ $onDark: boolean }>`
  margin: 0;
  color: ${({ theme, $onDark }) => ($onDark ? '#ffd9d2' : theme.colors.danger)};
  font-weight: 600;
`;

/**
 * `get-started` (signup open) or `waitlist` (signup closed, and the "Link Expired" page's fresh
 * link); `onDark` for the hero.
 */
export function EmailCaptureForm({ mode, onDark = false, id }: { mode: 'get-started' | 'waitlist'; onDark?: boolean; id?: string }) {
  const signupEnabled = mode === 'get-started';
  const navigate = useNavigate();
  const inputId = useId();
  const messageId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = waitlistEmailError(email);
    if (invalid) {
      setError(invalid);
      return;
    }
    const address = email.trim();
    if (signupEnabled) {
      navigate(`/signup?mode=create&email=${encodeURIComponent(address)}`);
      return;
    }
    setSending(true);
    setError(null);
    try {
      const joined = await waitlistApi.join(address);
      capture('waitlist_joined', { source: WAITLIST_SOURCE });
      navigate('/waitlist/thank-you', { state: { email: joined.email } });
    } catch (failure) {
      console.warn('waitlist signup failed', failure);
      setError(joinErrorMessage(failure));
      setSending(false);
    }
  };

  return (
    <Form id={id} $onDark={onDark} onSubmit={submit} noValidate aria-label={signupEnabled ? 'Get started' : 'Join the waiting list'}>
      <label htmlFor={inputId}>{signupEnabled ? 'Your e-mail address' : 'Join the waiting list with your e-mail address'}</label>
      <Line>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@yourchurch.org"
          maxLength={320}
          value={email}
          aria-invalid={error ? 'true' : 'false'}
          aria-describedby={error ? messageId : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SubmitButton type="submit" disabled={sending}>
          {signupEnabled ? 'Get Started →' : sending ? 'Joining…' : 'Join the Waitlist'}
        </SubmitButton>
      </Line>
      {error && (
        <Message id={messageId} role="alert" $onDark={onDark}>
          {error}
        </Message>
      )}
    </Form>
  );
}
