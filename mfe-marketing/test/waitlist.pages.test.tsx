/**
 * @jest-environment jsdom
 */
// The waitlist in a DOM (spec 001 §2, §4, §5, §8): the landing page's capture form sends the address
// with source 'marketing-landing' and goes to the thank-you page with it; the server's refusals show;
// the confirm page's views follow the server's answer ('Token expired' → Link Expired, anything
// else failing → Something went wrong, no token → error without a call).
import { afterEach, describe, expect, test } from '@jest/globals';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ThemeRoot } from '@lectern/shell-kit';
import { EmailCaptureForm } from '../src/waitlist/EmailCaptureForm.tsx';
import { showWaitlist } from './waitlist.render.tsx';
import { installIdentityApi } from './fake.identity.ts';

const problem = (status: number, detail: string) => ({ status, body: { type: 'about:blank', title: 'Refused', status, detail } });

afterEach(cleanup);

describe('landing page capture form', () => {
  test('joins with source marketing-landing and shows the thank-you page with the address', async () => {
    const api = installIdentityApi({ 'POST /waitlist': (call) => ({ status: 202, body: { message: 'sent', email: (call.body as { email: string }).email.trim().toLowerCase() } }) });
    showWaitlist('/');
    await userEvent.type(screen.getByLabelText('Join the waiting list with your e-mail address'), '  Ruth@Example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
    expect(screen.getByText('ruth@example.org')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(api.calls).toEqual([{ method: 'POST', path: '/waitlist', body: { email: 'Ruth@Example.org', source: 'marketing-landing' } }]);
  });

  test('an empty address is refused in the page; the server’s 4xx message shows; nothing navigates', async () => {
    const api = installIdentityApi({ 'POST /waitlist': () => problem(409, 'This email address is already on the waiting list.') });
    showWaitlist('/');
    await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email is required.');
    expect(api.calls).toEqual([]);
    await userEvent.type(screen.getByLabelText('Join the waiting list with your e-mail address'), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This email address is already on the waiting list.'));
    expect(screen.queryByRole('heading', { name: 'Check your inbox' })).toBeNull();
  });

  test('with signup open the same form starts a signup with the address', async () => {
    const api = installIdentityApi({});
    render(
      <ThemeRoot>
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route path="/" element={<EmailCaptureForm mode="get-started" />} />
            <Route path="/signup" element={<p>signup page</p>} />
          </Routes>
        </MemoryRouter>
      </ThemeRoot>,
    );
    await userEvent.type(screen.getByLabelText('Your e-mail address'), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Get Started →' }));
    await screen.findByText('signup page');
    expect(api.calls).toEqual([]);
  });
});

describe('/waitlist/confirm', () => {
  test.each([
    ['confirmed', { status: 200, body: { status: 'confirmed' } }, 'You’re in!'],
    ['already confirmed', { status: 200, body: { status: 'already_confirmed' } }, 'Already Confirmed'],
    ['expired', problem(410, 'Token expired'), 'Link Expired'],
    ['unknown token', problem(400, 'This confirmation link is not valid.'), 'Something went wrong'],
    ['server failure', problem(503, 'unavailable'), 'Something went wrong'],
  ])('%s', async (_name, answer, heading) => {
    const api = installIdentityApi({ 'GET /waitlist/confirm': () => answer });
    const token = `tok-${heading.length}-${Math.random().toString(36).slice(2)}`;
    showWaitlist(`/waitlist/confirm?token=${token}`);
    expect(screen.getByRole('status').textContent).toBe('Confirming your spot…');
    await screen.findByRole('heading', { name: heading });
    expect(api.calls.map((c) => c.path)).toEqual([`/waitlist/confirm?token=${token}`]);
  });

  test('the expired view offers a fresh link right there', async () => {
    installIdentityApi({ 'GET /waitlist/confirm': () => problem(410, 'Token expired'), 'POST /waitlist': () => ({ status: 202, body: { message: 'sent', email: 'ann@example.org' } }) });
    showWaitlist('/waitlist/confirm?token=expired-one');
    await screen.findByRole('heading', { name: 'Link Expired' });
    await userEvent.type(screen.getByLabelText('Join the waiting list with your e-mail address'), 'ann@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
    await screen.findByRole('heading', { name: 'Check your inbox' });
  });

  test('no token goes straight to the error view without a call', async () => {
    const api = installIdentityApi({});
    showWaitlist('/waitlist/confirm');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@lectern.app' }).getAttribute('href')).toBe('mailto:support@lectern.app');
    expect(api.calls).toEqual([]);
  });
});
