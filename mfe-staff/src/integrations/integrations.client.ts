// The identity service's /integrations routes (services/identity/API.md, Integrations).
import { api, IDENTITY_BASE } from '@lectern/shell-kit';
import type { ApiClient } from '@lectern/shell-kit';
import type { IntegrationType } from './integrations.rules.ts';

export interface Integration {
  id: string;
  integrationType: IntegrationType;
  name: string;
  credentials: { fromEmail: string; apiKeySet: boolean };
  createdAt: string;
  updatedAt: string;
  lastSyncedAt: string | null;
  lastSyncCount: number | null;
}

export interface SyncResult {
  syncedCount: number;
  pagesProcessed: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  message: string;
}

export function integrationsClient(client: ApiClient = api) {
  const path = (p: string) => `${IDENTITY_BASE}/integrations${p}`;
  return {
    list: () => client.get<{ items: Integration[] }>(path('')),
    get: (type: IntegrationType) => client.get<Integration>(path(`/${type}`)),
    save: (type: IntegrationType, body: { apiKey: string; fromEmail: string }) => client.put<{ integration: Integration; message: string }>(path(`/${type}`), body),
    remove: (type: IntegrationType) => client.delete<{ message: string }>(path(`/${type}`)),
    test: (type: IntegrationType) => client.post<{ ok: boolean; message: string }>(path(`/${type}/test`)),
    syncMembers: (type: IntegrationType) => client.post<SyncResult>(path(`/${type}/sync-members`)),
  };
}

export const integrationsApi = integrationsClient();
