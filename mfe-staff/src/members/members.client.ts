// The identity service's /members routes (services/identity/API.md, Members).
import { api, IDENTITY_BASE } from '@lectern/shell-kit';
import type { ApiClient } from '@lectern/shell-kit';
import { filterQuery } from './member.format.ts';

export type MemberRole = 'MEMBER' | 'VOLUNTEER';
export type MemberStatus = 'active' | 'inactive';

export interface Member {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: MemberRole;
  status: MemberStatus;
  source: string;
  createdAt: string;
}

export interface MemberFilters {
  search: string;
  role: MemberRole | '';
  status: MemberStatus | '';
}

export interface NewMember {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: MemberRole;
  canSignIn: boolean;
}

export interface ImportRow {
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  status: string;
  action: 'add' | 'update' | null;
  errors: Record<string, string>;
}

export interface ImportPreview {
  rows: ImportRow[];
  valid: number;
  invalid: number;
}


/** Rows the page shows at once; the count line gives the total and search narrows beyond it. */
export const LIST_LIMIT = 500;

export function membersClient(client: ApiClient = api) {
  const path = (p: string) => `${IDENTITY_BASE}/members${p}`;
  return {
    list: (filters: MemberFilters, limit = LIST_LIMIT, signal?: AbortSignal) => {
      const query = filterQuery(filters);
      return client.get<{ items: Member[]; total: number }>(path(`${query}${query ? '&' : '?'}limit=${limit}`), { signal });
    },
    exportCsv: (filters: MemberFilters) => client.get<string>(path(`/export.csv${filterQuery(filters)}`), { headers: { accept: 'text/csv' } }),
    add: (body: NewMember) => client.post<{ member: Member; message: string }>(path(''), body),
    update: (id: string, body: { role?: MemberRole; status?: MemberStatus }) => client.patch<{ member: Member; message: string }>(path(`/${encodeURIComponent(id)}`), body),
    previewImport: (csv: string) => client.post<ImportPreview>(path('/import'), { csv, dryRun: true }),
    commitImport: (csv: string) => client.post<{ added: number; updated: number; message: string }>(path('/import'), { csv }),
  };
}

export const membersApi = membersClient();
