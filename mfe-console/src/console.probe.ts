// The console gate's probe (spec 000 §2: "a successful probe of the console profile function").
// The console profile belongs to billing, which is not built yet; until it is, the probe asks
// identity for a fresh profile and passes only a staff user (active staff_users row). The server
// stays the authority: console endpoints check the token's `staff` claim themselves.
import { api, IDENTITY_BASE } from '@lectern/shell-kit';
import type { SessionUser } from '@lectern/shell-kit';

export async function consoleProbe(): Promise<boolean> {
  const profile = await api.get<SessionUser>(`${IDENTITY_BASE}/me`);
  return profile.staffUser;
}
