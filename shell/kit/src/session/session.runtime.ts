// The page's session: one keeper, sign-in / sign-out actions with the spec's toasts, and flags
// loaded from the identity service. The shell calls startSession() once; MFEs call the actions.
import { createApiClient, setAccessTokenRefresher } from '../api/api.client.ts';
import { ApiError } from '../api/api.error.ts';
import { flagsStore } from '../flags/flags.store.ts';
import { redirectTo } from '../navigation/navigation.ts';
import { showToast } from '../toasts/toast.store.ts';
import { identityClient } from './identity.client.ts';
import type { SessionBody } from './identity.client.ts';
import { createSessionKeeper } from './session.keeper.ts';
import { sessionStore } from './session.store.ts';
import type { SessionUser } from './session.store.ts';

/** Identity calls without the refresh-on-401 hook (a refresh must never trigger a refresh). */
export const identity = identityClient(createApiClient({ getAccessToken: () => sessionStore.getState().accessToken }));

const keeper = createSessionKeeper({ store: sessionStore, identity });

setAccessTokenRefresher(async () => (await keeper.refresh()) === 'refreshed');

/** Flags with the caller's organization overrides when signed in; spec defaults when unreachable. */
export async function loadFlags(): Promise<void> {
  try {
    flagsStore.getState().loaded((await identity.flags()).flags);
  } catch {
    if (flagsStore.getState().status === 'pending') flagsStore.getState().settledOnDefaults();
  }
}

let started = false;

export async function startSession(): Promise<void> {
  if (started) return;
  started = true;
  if (typeof window !== 'undefined') {
    // Another tab signed in or out: follow it.
    window.addEventListener('storage', (event) => {
      if (event.key !== null && event.key !== 'lectern.session') return;
      void sessionStore.persist.rehydrate().then(() => {
        const { user, accessToken, status } = sessionStore.getState();
        if (!user || !accessToken) {
          if (status !== 'anonymous') sessionStore.getState().signedOut();
        } else if (status !== 'authenticated') sessionStore.setState({ status: 'authenticated' });
      });
    });
  }
  await Promise.all([keeper.start(), loadFlags()]);
  // The first flags load may have been anonymous; reload with the organization's overrides.
  if (sessionStore.getState().status === 'authenticated') void loadFlags();
}

/** Takes a Session body (sign-in, e-mail confirmation, onboarding) as the page's session. */
export function adoptSession(body: SessionBody): SessionUser {
  sessionStore.getState().signedIn(body.user, body.accessToken, body.expiresAt);
  void loadFlags();
  return body.user;
}

/** Spec 000 §8: 'Invalid login credentials' → 'Invalid email or password'; else the message or 'Failed to sign in'. */
export function signInErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.problem.reason === 'invalid_credentials') return 'Invalid email or password';
    if (error.detail) return error.detail;
  }
  return 'Failed to sign in';
}

/** POST /session; on success the session is stored and 'Welcome back!' shown. */
export async function signIn(credentials: { email: string; password: string; captcha: string }): Promise<SessionUser> {
  const user = adoptSession(await identity.signIn(credentials));
  showToast({ kind: 'success', title: 'Welcome back!' });
  return user;
}

/** Revokes the refresh family on the server, forgets the session, goes to /login. */
export async function signOut(): Promise<void> {
  try {
    await identity.signOut();
  } catch (error) {
    showToast({ kind: 'error', title: error instanceof ApiError && error.detail ? error.detail : 'Failed to sign out' });
    return;
  }
  sessionStore.getState().signedOut();
  void loadFlags();
  showToast({ kind: 'success', title: 'Signed out successfully' });
  redirectTo('/login');
}

export const refreshSession = () => keeper.refresh();
export const reloadProfile = () => keeper.reloadProfile();
