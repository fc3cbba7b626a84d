// One session for the whole page: the shell and every MFE read this store (shell-kit is an MF singleton).
import { createStore, useStore } from 'zustand';

export type Role = 'ADMIN' | 'PASTOR' | 'STAFF' | 'MEMBER' | 'VOLUNTEER';

export interface SessionUser {
  id: string;
  email: string;
  role: Role;
  orgId: string | null;
  /** E-mail on the product's own company domain (spec: "company staff"). */
  isCompanyStaff: boolean;
}

export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  accessToken: string | null;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number | null;
  signedIn(user: SessionUser, accessToken: string, accessTokenExpiresAt: number): void;
  tokenRefreshed(accessToken: string, accessTokenExpiresAt: number): void;
  signedOut(): void;
}

const STAFF_ROLES: readonly Role[] = ['ADMIN', 'PASTOR', 'STAFF'];

export const isStaffRole = (role: Role): boolean => STAFF_ROLES.includes(role);

/** Spec: MEMBER and VOLUNTEER land on /member/dashboard, everyone else on /dashboard. */
export const homePathFor = (user: SessionUser | null): string =>
  user && !isStaffRole(user.role) ? '/member/dashboard' : '/dashboard';

export function createSessionStore() {
  return createStore<SessionState>()((set) => ({
    status: 'unknown',
    user: null,
    accessToken: null,
    accessTokenExpiresAt: null,
    signedIn: (user, accessToken, accessTokenExpiresAt) =>
      set({ status: 'authenticated', user, accessToken, accessTokenExpiresAt }),
    tokenRefreshed: (accessToken, accessTokenExpiresAt) => set({ accessToken, accessTokenExpiresAt }),
    signedOut: () => set({ status: 'anonymous', user: null, accessToken: null, accessTokenExpiresAt: null }),
  }));
}

export const sessionStore = createSessionStore();

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
