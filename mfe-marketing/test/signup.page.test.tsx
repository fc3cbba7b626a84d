/**
 * @jest-environment jsdom
 */
// /signup in a DOM (spec 001 §2, §5): the signup rules as the user meets them, what is sent to the
// identity service, and what its refusals do to the form.
import { afterEach, beforeEach, describe, expect, test } from '@jest/globals';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { ThemeRoot, flagsStore } from '@lectern/shell-kit';
import { SignupPage } from '../src/pages/SignupPage.tsx';
import { MESSAGES } from '../src/auth/auth.rules.ts';
import { captchaChallenge, installIdentityApi, type Call } from './fake.identity.ts';

const organizations = { items: [{ id: 'org-grace', name: 'Grace Church' }, { id: 'org-hope', name: 'Hope Chapel' }] };
let navigations: string[] = [];

function showSignup(query = '') {
  return render(
    <ThemeRoot>
      <MemoryRouter initialEntries={[`/signup${query}`]}>
        <SignupPage />
      </MemoryRouter>
    </ThemeRoot>,
  );
}

function api(extra: Record<string, (call: Call) => { status: number; body?: unknown }> = {}) {
  return installIdentityApi({
    'GET /captcha/challenge': () => ({ status: 200, body: captchaChallenge(42) }),
    'GET /organizations/public': () => ({ status: 200, body: organizations }),
    ...extra,
  });
}

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
async function verifyCaptcha() {
  await userEvent.click(screen.getByRole('checkbox', { name: /not a robot/ }));
  await waitFor(() => expect(screen.getByTestId('captcha').getAttribute('data-state')).toBe('verified'));
}

beforeEach(() => {
  navigations = [];
  window.singleSpaNavigate = (url: string) => void navigations.push(url);
  act(() => flagsStore.getState().loaded({ signup_enabled: true }));
});
afterEach(cleanup);

describe('signup rules in the form', () => {
  test('Continue stays disabled until the captcha is solved', async () => {
    api();
    showSignup();
    const submit = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    await verifyCaptcha();
    expect(submit.disabled).toBe(false);
  });

  test('an empty create form names the first missing field and marks each one, sending nothing', async () => {
    const identity = api();
    showSignup();
    await verifyCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const form = screen.getByRole('form', { name: 'Sign up' });
    expect(within(form).getAllByRole('alert')[0]!.textContent).toBe(MESSAGES.organizationName);
    for (const message of [MESSAGES.firstName, MESSAGES.lastName, MESSAGES.email, MESSAGES.password]) expect(within(form).getAllByText(message).length).toBeGreaterThan(0);
    expect(field('First name').getAttribute('aria-invalid')).toBe('true');
    expect(identity.calls.some((call) => call.path === '/signup')).toBe(false);
  });

  test('the organization name shows its subdomain, and the password checklist follows what is typed', async () => {
    api();
    showSignup();
    await userEvent.type(field('Organization name'), 'Église São Paulo!');
    expect(screen.getByText('Your subdomain: eglise-sao-paulo').isConnected).toBe(true);
    await userEvent.type(field('Password'), 'abcdefgh');
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    const met = () => within(checklist).getAllByRole('listitem').map((item) => item.getAttribute('data-met'));
    expect(met()).toEqual(['true', 'true', 'false', 'false']);
    await userEvent.type(field('Password'), 'X9');
    expect(met()).toEqual(['true', 'true', 'true', 'true']);
    expect(screen.getByText('Password meets requirements.').isConnected).toBe(true);
  });

  test('an address without a real domain and a weak password are refused with the spec wording', async () => {
    api();
    showSignup('?mode=join');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Grace Church' }).isConnected).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Organization'), 'org-grace');
    await userEvent.type(field('First name'), 'Ruth');
    await userEvent.type(field('Last name'), 'Moab');
    await userEvent.type(field('Email'), 'ruth@localhost');
    await userEvent.type(field('Password'), 'short');
    await verifyCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByText(MESSAGES.invalidEmail).length).toBeGreaterThan(0);
    expect(screen.getAllByText(MESSAGES.passwordRequirements).length).toBeGreaterThan(0);
  });
});

describe('talking to the identity service', () => {
  test('joining sends the chosen organization and the solved captcha, then goes to /verify-email', async () => {
    const identity = api({ 'POST /signup': (call) => ({ status: 201, body: { mode: 'join', userId: 'u1', email: (call.body as { email: string }).email, next: '/verify-email', message: 'Registration successful! Please check your email.' } }) });
    showSignup('?mode=join');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Hope Chapel' }).isConnected).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Organization'), 'org-hope');
    await userEvent.type(field('First name'), ' Ruth ');
    await userEvent.type(field('Last name'), 'Moab');
    await userEvent.type(field('Email'), 'ruth@hope.example');
    await userEvent.type(field('Password'), 'Gleaning1');
    await verifyCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(navigations).toEqual(['/verify-email?email=ruth%40hope.example']));
    const sent = identity.calls.find((call) => call.method === 'POST' && call.path === '/signup')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ mode: 'join', organizationId: 'org-hope', firstName: 'Ruth', lastName: 'Moab', email: 'ruth@hope.example', password: 'Gleaning1' });
    expect(JSON.parse(atob(sent.captcha as string)).number).toBe(42);
    expect(sent).not.toHaveProperty('organizationName');
  });

  test("the service's field errors are shown, and the captcha must be solved again (single use)", async () => {
    api({ 'POST /signup': () => ({ status: 409, body: { title: 'Conflict', status: 409, detail: 'An account with this email already exists.', fieldErrors: { email: 'An account with this email already exists.' } } }) });
    showSignup('?mode=join');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Grace Church' }).isConnected).toBe(true));
    await userEvent.selectOptions(screen.getByLabelText('Organization'), 'org-grace');
    await userEvent.type(field('First name'), 'Ruth');
    await userEvent.type(field('Last name'), 'Moab');
    await userEvent.type(field('Email'), 'taken@hope.example');
    await userEvent.type(field('Password'), 'Gleaning1');
    await verifyCaptcha();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('form', { name: 'Sign up' }).querySelector('[role=alert]')?.textContent).toBe('An account with this email already exists.'));
    expect(field('Email').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('captcha').getAttribute('data-state')).toBe('idle'));
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('an unknown invite shows the spec message and blocks the form', async () => {
    api({ 'GET /invites/nope': () => ({ status: 404, body: { title: 'Not Found', status: 404 } }) });
    showSignup('?invite=nope');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.invalidInvite));
    expect(screen.queryByRole('group', { name: 'Signup mode' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('when the organization list cannot load, the organization id can be typed instead', async () => {
    api({ 'GET /organizations/public': () => ({ status: 500, body: { title: 'Error', status: 500 } }) });
    showSignup('?mode=join');
    await waitFor(() => expect(screen.getByText(MESSAGES.organizationListUnavailable).isConnected).toBe(true));
    expect(field('Organization ID').value).toBe('');
  });
});

test('with signup turned off the page is not found', () => {
  api();
  act(() => flagsStore.getState().loaded({ signup_enabled: false }));
  showSignup();
  expect(screen.getByRole('heading', { name: 'Page Not Found' }).isConnected).toBe(true);
  expect(screen.queryByRole('form', { name: 'Sign up' })).toBeNull();
});
