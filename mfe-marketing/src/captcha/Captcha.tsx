// The captcha box on sign-in and signup: "I'm not a robot" → the browser solves the identity
// service's proof-of-work challenge → a token for the form. No third-party host. The parent
// resets it by changing `resetKey` (after a failed attempt); the token is cleared on expiry.
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { identity } from '@lectern/shell-kit';
import { challengeExpiry, encodePayload, solveChallenge } from './altcha.solver.ts';

type CaptchaState = 'idle' | 'verifying' | 'verified' | 'error' | 'expired';

const Box = styled.div<{ $state: CaptchaState }>`
  display: flex;
  align-items: center;
  gap: 0.75rem;
  padding: 0.75rem 1rem;
  border: 1px solid ${({ theme, $state }) => ($state === 'error' ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.colors.page};
  label { display: flex; align-items: center; gap: 0.6rem; cursor: pointer; font-weight: 500; white-space: nowrap; }
  input { width: 20px; height: 20px; margin: 0; }
  small { margin-left: auto; color: ${({ theme }) => theme.colors.inkMuted}; font-size: 0.75rem; }
`;

const LABELS: Record<CaptchaState, string> = {
  idle: "I'm not a robot",
  verifying: 'Verifying…',
  verified: 'Verified',
  error: 'Verification failed. Please try again.',
  expired: 'Verification expired. Please verify again.',
};

export function Captcha({ onToken, resetKey }: { onToken: (token: string | null) => void; resetKey: number }) {
  const [state, setState] = useState<CaptchaState>('idle');
  const abort = useRef<AbortController | null>(null);
  const expiryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  const clear = () => {
    abort.current?.abort();
    if (expiryTimer.current) clearTimeout(expiryTimer.current);
    expiryTimer.current = null;
  };

  useEffect(() => {
    clear();
    setState('idle');
    onTokenRef.current(null);
    return clear;
  }, [resetKey]);

  async function verify() {
    if (state === 'verifying' || state === 'verified') return;
    clear();
    const controller = new AbortController();
    abort.current = controller;
    setState('verifying');
    try {
      const challenge = await identity.captchaChallenge();
      const solution = await solveChallenge(challenge, controller.signal);
      if (controller.signal.aborted) return;
      if (!solution) throw new Error('captcha challenge has no solution');
      onTokenRef.current(encodePayload(challenge, solution));
      setState('verified');
      const expiresAt = challengeExpiry(challenge);
      if (expiresAt !== null) {
        expiryTimer.current = setTimeout(() => {
          onTokenRef.current(null);
          setState('expired');
        }, Math.max(0, expiresAt - Date.now() - 5000));
      }
    } catch {
      if (controller.signal.aborted) return;
      onTokenRef.current(null);
      setState('error');
    }
  }

  return (
    <Box $state={state} data-testid="captcha" data-state={state}>
      <label>
        <input type="checkbox" checked={state === 'verified'} disabled={state === 'verifying'} onChange={() => void verify()} aria-describedby="captcha-note" />
        <span role={state === 'error' ? 'alert' : undefined}>{LABELS[state]}</span>
      </label>
      <small id="captcha-note">Proof-of-work check, no tracking</small>
    </Box>
  );
}
