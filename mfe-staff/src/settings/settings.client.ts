// Identity calls behind the settings page (services/identity/API.md): own profile, team, invites.
import { api, IDENTITY_BASE } from '@lectern/shell-kit';
import type { ApiClient, Role, SessionUser } from '@lectern/shell-kit';

export interface TeamUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: Role;
}

export interface Team {
  items: TeamUser[];
  seats: { used: number; total: number };
}

export interface PendingInvite {
  id: string;
  email: string;
  role: 'STAFF' | 'PASTOR';
  createdAt: string;
  expiresAt: string;
  link: string;
}

export function settingsClient(client: ApiClient = api) {
  const path = (p: string) => `${IDENTITY_BASE}${p}`;
  return {
    updateProfile: (body: { firstName: string; lastName: string }) => client.patch<{ user: SessionUser; message: string }>(path('/me'), body),
    team: () => client.get<Team>(path('/organization/users')),
    invites: () => client.get<{ items: PendingInvite[] }>(path('/invites')),
    invite: (body: { email: string; role: 'STAFF' | 'PASTOR' }) => client.post<{ invite: PendingInvite; message: string }>(path('/invites'), body),
    revokeInvite: (id: string) => client.delete<{ message: string }>(path(`/invites/${encodeURIComponent(id)}`)),
    renameOrganization: (name: string) => client.patch<{ organization: { id: string; name: string }; message: string }>(path('/organization'), { name }),
  };
}

export const settingsApi = settingsClient();
