import type { SessionUser } from '../src/session/session.store.ts';
import type { SessionBody } from '../src/session/identity.client.ts';

export function profile(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'u1',
    email: 'pat@church.org',
    firstName: 'Pat',
    lastName: 'Lee',
    role: 'PASTOR',
    orgId: 'o1',
    organization: { id: 'o1', name: 'Grace Church', subdomain: 'grace-church' },
    companyDomain: false,
    staffUser: false,
    navigation: [{ id: 'dashboard', label: 'Dashboard', path: '/dashboard' }],
    homePath: '/dashboard',
    needsOnboarding: false,
    ...overrides,
  };
}

export function sessionBody(token: string, expiresAt: number, user: SessionUser = profile()): SessionBody {
  return { accessToken: token, tokenType: 'Bearer', expiresAt, expiresIn: Math.round((expiresAt - Date.now()) / 1000), user };
}

/** A Storage-like map shared by stores that stand for two tabs of one origin. */
export function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}
