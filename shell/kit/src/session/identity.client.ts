// The identity service's browser-facing calls (services/identity/API.md). The refresh token is
// an httpOnly cookie scoped to /api/identity/session, so refresh and sign-out send no token.
import type { ApiClient } from '../api/api.client.ts';
import type { SessionUser } from './session.store.ts';

export const IDENTITY_BASE = '/api/identity';

export interface SessionBody {
  accessToken: string;
  tokenType: 'Bearer';
  /** Epoch milliseconds. */
  expiresAt: number;
  expiresIn: number;
  user: SessionUser;
  redirect?: string;
}

export interface CaptchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

export interface PublicOrganization {
  id: string;
  name: string;
}

export interface InviteSummary {
  id: string;
  email: string;
  role: 'STAFF' | 'PASTOR';
  organizationId: string;
  organizationName: string;
  expiresAt: string;
}

export interface SignupRequest {
  mode: 'join' | 'create';
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  password: string;
  captcha: string;
  organizationId?: string;
  inviteId?: string;
  organizationName?: string;
  plan?: 'standard' | 'premium';
  interval?: 'monthly' | 'annual';
}

export type SignupResponse =
  | { mode: 'join'; userId: string; email: string; next: '/verify-email'; message: string }
  | { mode: 'create'; organizationId: string; subdomain: string; leadId: string; plan: string; interval: string; next: 'payment'; paymentAvailable: boolean; checkoutToken: string; message: string };

export interface OnboardingRequest {
  firstName: string;
  lastName: string;
  organizationName: string;
  subdomain?: string;
}

export function identityClient(client: ApiClient) {
  const path = (p: string) => `${IDENTITY_BASE}${p}`;
  return {
    captchaChallenge: () => client.get<CaptchaChallenge>(path('/captcha/challenge')),
    signIn: (body: { email: string; password: string; captcha: string }) => client.post<SessionBody>(path('/session'), body),
    refresh: () => client.post<SessionBody>(path('/session/refresh')),
    signOut: () => client.post<void>(path('/session/sign-out')),
    me: () => client.get<SessionUser>(path('/me')),
    flags: () => client.get<{ flags: Record<string, boolean> }>(path('/flags')),
    publicOrganizations: () => client.get<{ items: PublicOrganization[] }>(path('/organizations/public')),
    domainCheck: (email: string, signal?: AbortSignal) =>
      client.get<{ blocked: boolean; message: string | null }>(path(`/signup/domain-check?email=${encodeURIComponent(email)}`), { signal }),
    invite: (id: string) => client.get<InviteSummary>(path(`/invites/${encodeURIComponent(id)}`)),
    signup: (body: SignupRequest) => client.post<SignupResponse>(path('/signup'), body),
    confirmEmail: (token: string) => client.post<SessionBody>(path('/email-verification/confirm'), { token }),
    onboarding: (body: OnboardingRequest) => client.post<SessionBody>(path('/onboarding'), body),
  };
}

export type IdentityClient = ReturnType<typeof identityClient>;
