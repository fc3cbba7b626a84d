/**
 * @jest-environment jsdom
 */
// The captcha box: "I'm not a robot" → the browser solves the identity service's proof of work →
// a token for the form; failures and resets clear it.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeRoot, type CaptchaChallenge } from '@lectern/shell-kit';
import { Captcha } from '../src/captcha/Captcha.tsx';
import { challengeExpiry, encodePayload, solveChallenge } from '../src/captcha/altcha.solver.ts';
import { captchaChallenge, installIdentityApi } from './fake.identity.ts';

afterEach(cleanup);

describe('the ALTCHA solver', () => {
  beforeEach(() => {
    installIdentityApi({});
  });

  test('finds the number whose SHA-256 with the salt is the challenge, and encodes the payload the service verifies', async () => {
    const challenge = captchaChallenge(4321);
    const solution = await solveChallenge(challenge);
    expect(solution?.number).toBe(4321);
    const payload = JSON.parse(atob(encodePayload(challenge, solution!)));
    expect(payload).toEqual({ algorithm: 'SHA-256', challenge: challenge.challenge, number: 4321, salt: challenge.salt, signature: 'signed-by-identity', took: solution!.took });
  });

  test('gives up (null) when no number up to maxnumber matches, and stops when aborted', async () => {
    expect(await solveChallenge({ ...captchaChallenge(5), maxnumber: 4 })).toBeNull();
    const controller = new AbortController();
    controller.abort();
    expect(await solveChallenge(captchaChallenge(9_000), controller.signal)).toBeNull();
  });

  test('refuses an algorithm it does not implement, and reads the expiry from the salt', async () => {
    await expect(solveChallenge({ ...captchaChallenge(), algorithm: 'SHA-1' as CaptchaChallenge['algorithm'] })).rejects.toThrow('Unsupported captcha algorithm SHA-1');
    const challenge = captchaChallenge(1, 120);
    expect(challengeExpiry(challenge)).toBe(Number(/expires=(\d+)/.exec(challenge.salt)![1]) * 1000);
    expect(challengeExpiry({ ...challenge, salt: 'no-expiry' })).toBeNull();
  });
});

describe('<Captcha>', () => {
  const checkbox = () => screen.getByRole('checkbox');
  const state = () => screen.getByTestId('captcha').getAttribute('data-state');

  test('a click solves the challenge and hands the form a token; the box shows Verified', async () => {
    const challenge = captchaChallenge(777);
    installIdentityApi({ 'GET /captcha/challenge': () => ({ status: 200, body: challenge }) });
    const onToken = jest.fn<(token: string | null) => void>();
    render(<ThemeRoot><Captcha onToken={onToken} resetKey={0} /></ThemeRoot>);
    expect(screen.getByText("I'm not a robot").isConnected).toBe(true);
    await userEvent.click(checkbox());
    await waitFor(() => expect(state()).toBe('verified'));
    expect(screen.getByText('Verified').isConnected).toBe(true);
    expect((checkbox() as HTMLInputElement).checked).toBe(true);
    const token = onToken.mock.calls.at(-1)![0]!;
    expect(JSON.parse(atob(token)).number).toBe(777);
  });

  test('a challenge the service cannot give is an error the user can retry', async () => {
    const api = installIdentityApi({ 'GET /captcha/challenge': () => ({ status: 503, body: { title: 'Unavailable', status: 503 } }) });
    const onToken = jest.fn<(token: string | null) => void>();
    render(<ThemeRoot><Captcha onToken={onToken} resetKey={0} /></ThemeRoot>);
    await userEvent.click(checkbox());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Verification failed. Please try again.'));
    expect(onToken).toHaveBeenLastCalledWith(null);
    await userEvent.click(checkbox());
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/captcha/challenge')).toHaveLength(2));
  });

  test('a new resetKey (a failed submit) clears the token and asks again', async () => {
    installIdentityApi({ 'GET /captcha/challenge': () => ({ status: 200, body: captchaChallenge(12) }) });
    const onToken = jest.fn<(token: string | null) => void>();
    const { rerender } = render(<ThemeRoot><Captcha onToken={onToken} resetKey={0} /></ThemeRoot>);
    await userEvent.click(checkbox());
    await waitFor(() => expect(state()).toBe('verified'));
    rerender(<ThemeRoot><Captcha onToken={onToken} resetKey={1} /></ThemeRoot>);
    expect(state()).toBe('idle');
    expect(onToken).toHaveBeenLastCalledWith(null);
  });

  test('the token is withdrawn shortly before the challenge expires', async () => {
    // a challenge good for 7 s: the box withdraws the token 5 s before, so within about 2 s
    installIdentityApi({ 'GET /captcha/challenge': () => ({ status: 200, body: captchaChallenge(3, 7) }) });
    const onToken = jest.fn<(token: string | null) => void>();
    render(<ThemeRoot><Captcha onToken={onToken} resetKey={0} /></ThemeRoot>);
    await userEvent.click(checkbox());
    await waitFor(() => expect(onToken.mock.calls.some(([token]) => typeof token === 'string')).toBe(true));
    await waitFor(() => expect(state()).toBe('expired'), { timeout: 8000 });
    expect(screen.getByText('Verification expired. Please verify again.').isConnected).toBe(true);
    expect(onToken).toHaveBeenLastCalledWith(null);
    expect((checkbox() as HTMLInputElement).checked).toBe(false);
  }, 15_000);
});
