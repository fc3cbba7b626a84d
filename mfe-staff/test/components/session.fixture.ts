// A signed-in staff member of Grace Church, for component tests that read the session.
import { act } from '@testing-library/react';
import { sessionStore, type SessionUser } from '@lectern/shell-kit';

export function signInAs(role: SessionUser['role'], overrides: Partial<SessionUser> = {}): void {
  const user: SessionUser = {
    id: 'u1',
    email: 'pat@grace.example',
    firstName: 'Pat',
    lastName: 'Lee',
    role,
    orgId: 'o1',
    organization: { id: 'o1', name: 'Grace Church', subdomain: 'grace-church' },
    companyDomain: false,
    staffUser: false,
    navigation: [],
    homePath: '/dashboard',
    needsOnboarding: false,
    ...overrides,
  };
  act(() => sessionStore.getState().signedIn(user, 'token', Date.now() + 60_000));
}

export function signOut(): void {
  act(() => sessionStore.getState().signedOut());
}
