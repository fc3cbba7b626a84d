// One session for the whole page: the shell and every MFE read this store (shell-kit is an MF
// singleton). The access token, its expiry and the profile persist in localStorage so a reload
// or a new tab starts signed in; the refresh token never reaches JavaScript (httpOnly cookie).
import { createStore, useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { StateStorage } from 'zustand/middleware';

export type Role = 'ADMIN' | 'PASTOR' | 'STAFF' | 'MEMBER' | 'VOLUNTEER';

export interface NavItem {
  id: 'dashboard' | 'sermons' | 'members' | 'communications' | 'console' | 'settings';
  label: string;
  path: string;
}

/** The identity service's Profile (GET /api/identity/me, and `user` of every Session body). */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phone?: string | null;
  /** Primary role; null when the server's role lookup failed. */
  role: Role | null;
  orgId: string | null;
  organization: { id: string; name: string; subdomain: string } | null;
  emailVerified?: boolean;
  /** E-mail on the product's own company domain (spec: "company staff"). */
  companyDomain: boolean;
  /** Active staff_users row: the console. */
  staffUser: boolean;
  /** The spec's navigation table for this user, in sidebar order. */
  navigation: NavItem[];
  homePath: string;
  needsOnboarding: boolean;
}

/** unknown until the first session check settles (logged-in gate shows a spinner meanwhile). */
export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  accessToken: string | null;
  /** Epoch milliseconds. */
  accessTokenExpiresAt: number | null;
  signedIn(user: SessionUser, accessToken: string, accessTokenExpiresAt: number): void;
  tokenRefreshed(accessToken: string, accessTokenExpiresAt: number, user?: SessionUser): void;
  profileLoaded(user: SessionUser): void;
  signedOut(): void;
}

export const SESSION_STORAGE_KEY = 'lectern.session';

const STAFF_ROLES: readonly Role[] = ['ADMIN', 'PASTOR', 'STAFF'];

export const isStaffRole = (role: Role | null): boolean => role !== null && STAFF_ROLES.includes(role);

/** Spec: MEMBER and VOLUNTEER land on /member/dashboard, everyone else on /dashboard. */
export const homePathFor = (user: Pick<SessionUser, 'role'> | null): string =>
  user?.role === 'MEMBER' || user?.role === 'VOLUNTEER' ? '/member/dashboard' : '/dashboard';

/** localStorage when the page has one; a throwaway map otherwise (Node tests, private modes). */
function browserStorage(): StateStorage {
  try {
    if (typeof localStorage !== 'undefined') return localStorage;
  } catch {
    // Access to localStorage can throw (blocked third-party storage): fall through.
  }
  const memory = new Map<string, string>();
  return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v), removeItem: (k) => void memory.delete(k) };
}

export function createSessionStore(storage: StateStorage = browserStorage()) {
  return createStore<SessionState>()(
    persist(
      (set) => ({
        status: 'unknown',
        user: null,
        accessToken: null,
        accessTokenExpiresAt: null,
        signedIn: (user, accessToken, accessTokenExpiresAt) => set({ status: 'authenticated', user, accessToken, accessTokenExpiresAt }),
        tokenRefreshed: (accessToken, accessTokenExpiresAt, user) =>
          set((state) => ({ status: 'authenticated', accessToken, accessTokenExpiresAt, user: user ?? state.user })),
        profileLoaded: (user) => set({ user }),
        signedOut: () => set({ status: 'anonymous', user: null, accessToken: null, accessTokenExpiresAt: null }),
      }),
      {
        name: SESSION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => storage),
        // The status is never persisted: every page load re-checks the session.
        partialize: (state) => ({ user: state.user, accessToken: state.accessToken, accessTokenExpiresAt: state.accessTokenExpiresAt }),
      },
    ),
  );
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const sessionStore = createSessionStore();

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
