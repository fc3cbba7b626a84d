/**
 * @jest-environment jsdom
 */
// The spec's gates (000 §2) rendered in a DOM: what each shows and where each sends the visitor.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CompanyDomainGate, ConsoleGate, MemberGate, OnboardingCheck, RedirectIfSignedIn, RequireSession, StaffGate, safeReturnPath } from '../src/gates/gates.tsx';
import { flagsStore } from '../src/flags/flags.store.ts';
import { sessionStore, type SessionUser } from '../src/session/session.store.ts';
import { ThemeRoot } from '../src/theme/ThemeRoot.tsx';
import { profile } from './session.fixtures.ts';

const Page = () => <p>the protected page</p>;
const show = (gate: ReactNode) => render(<ThemeRoot>{gate}</ThemeRoot>);
const signIn = (user: Partial<SessionUser> = {}) => act(() => sessionStore.getState().signedIn(profile(user), 'token', Date.now() + 60_000));

beforeEach(() => {
  // inside the shell single-spa owns the URL: a redirect replaces the history entry
  window.singleSpaNavigate = () => undefined;
  window.history.replaceState(null, '', '/sermons?page=2');
  act(() => {
    sessionStore.setState({ status: 'unknown', user: null, accessToken: null, accessTokenExpiresAt: null });
    flagsStore.setState({ status: 'pending', values: {} });
  });
});
afterEach(cleanup);

const path = () => `${window.location.pathname}${window.location.search}`;

describe('RequireSession', () => {
  test('shows a spinner while the session loads, and not the page', () => {
    show(<RequireSession><Page /></RequireSession>);
    expect(screen.getByRole('status').textContent).toBe('Loading your session…');
    expect(screen.queryByText('the protected page')).toBeNull();
  });

  test('sends a visitor with no session to /login carrying where they were going', async () => {
    act(() => sessionStore.getState().signedOut());
    show(<RequireSession><Page /></RequireSession>);
    await waitFor(() => expect(path()).toBe('/login?from=%2Fsermons%3Fpage%3D2'));
    expect(screen.queryByText('the protected page')).toBeNull();
  });

  test('shows the page to a signed-in user', () => {
    signIn();
    show(<RequireSession><Page /></RequireSession>);
    expect(screen.getByText('the protected page').isConnected).toBe(true);
    expect(path()).toBe('/sermons?page=2');
  });
});

describe('role gates', () => {
  test('a user who still needs onboarding goes to /onboarding; one who does not stays', async () => {
    signIn({ needsOnboarding: true });
    const { unmount } = show(<OnboardingCheck><Page /></OnboardingCheck>);
    await waitFor(() => expect(path()).toBe('/onboarding'));
    unmount();
    // on /onboarding itself the check lets the page render
    show(<OnboardingCheck><Page /></OnboardingCheck>);
    expect(screen.getByText('the protected page').isConnected).toBe(true);
  });

  test('StaffGate lets ADMIN, PASTOR and STAFF in and sends a MEMBER to /dashboard', async () => {
    for (const role of ['ADMIN', 'PASTOR', 'STAFF'] as const) {
      signIn({ role });
      const { unmount } = show(<StaffGate><Page /></StaffGate>);
      expect(screen.getByText('the protected page').isConnected).toBe(true);
      unmount();
    }
    signIn({ role: 'MEMBER' });
    show(<StaffGate><Page /></StaffGate>);
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(screen.queryByText('the protected page')).toBeNull();
  });

  test('CompanyDomainGate needs a staff role and a company-domain e-mail', async () => {
    signIn({ role: 'ADMIN', companyDomain: true });
    const { unmount } = show(<CompanyDomainGate><Page /></CompanyDomainGate>);
    expect(screen.getByText('the protected page').isConnected).toBe(true);
    unmount();
    signIn({ role: 'ADMIN', companyDomain: false });
    show(<CompanyDomainGate><Page /></CompanyDomainGate>);
    await waitFor(() => expect(path()).toBe('/'));
  });

  test('MemberGate sends a MEMBER to the member dashboard and lets staff through', async () => {
    signIn({ role: 'PASTOR' });
    const { unmount } = show(<MemberGate><Page /></MemberGate>);
    expect(screen.getByText('the protected page').isConnected).toBe(true);
    unmount();
    signIn({ role: 'MEMBER' });
    show(<MemberGate><Page /></MemberGate>);
    await waitFor(() => expect(path()).toBe('/member/dashboard'));
  });

  test('the login page sends a signed-in visitor to /dashboard', async () => {
    signIn();
    show(<RedirectIfSignedIn><p>sign-in form</p></RedirectIfSignedIn>);
    await waitFor(() => expect(path()).toBe('/dashboard'));
  });
});

describe('ConsoleGate', () => {
  const flags = (on: boolean) => act(() => flagsStore.getState().loaded({ features_staff_console_enabled: on, rss_migration_enabled: on }));

  test('waits for the flags, then for the probe, and shows the console when both say yes', async () => {
    let answer: (ok: boolean) => void = () => undefined;
    const probe = jest.fn(() => new Promise<boolean>((resolve) => (answer = resolve)));
    show(<ConsoleGate probe={probe}><Page /></ConsoleGate>);
    expect(screen.getByRole('status').textContent).toBe('Checking console access…');
    expect(probe).not.toHaveBeenCalled();
    flags(true);
    expect(probe).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('Checking console access…');
    await act(async () => answer(true));
    expect(screen.getByText('the protected page').isConnected).toBe(true);
  });

  test('a flag turned off sends the user to /dashboard without asking the server', async () => {
    const probe = jest.fn(async () => true);
    flags(false);
    show(<ConsoleGate probe={probe}><Page /></ConsoleGate>);
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(probe).not.toHaveBeenCalled();
  });

  test('a failing probe (403, network) sends the user to /dashboard', async () => {
    flags(true);
    show(<ConsoleGate probe={() => Promise.reject(new Error('403'))}><Page /></ConsoleGate>);
    await waitFor(() => expect(path()).toBe('/dashboard'));
    expect(screen.queryByText('the protected page')).toBeNull();
  });
});

test('a sign-in returns only to same-origin paths', () => {
  expect(safeReturnPath('/sermons/1?tab=outline')).toBe('/sermons/1?tab=outline');
  for (const unsafe of ['//evil.example', '/\\evil.example', 'https://evil.example', '/login?from=/x', null]) expect(safeReturnPath(unsafe)).toBeNull();
});
