// The identity service's /integrations routes (services/identity/API.md, Integrations).
import { api, IDENTITY_BASE } from '@lectern/shell-kit';
import type { ApiClient } from '@lectern/shell-kit';
import type { IntegrationType } from './integrations.rules.ts';

export interface Integration {
  id: string;
  integrationType: IntegrationType;
  name: string;
  /** how it signs in to the system: an API key, or Planning Center's OAuth (tokens stay on the server) */
  credentials: { fromEmail: string; apiKeySet: boolean; authKind: 'apiKey' | 'oauth' };
  createdAt: string;
  updatedAt: string;
  lastSyncedAt: string | null;
  lastSyncCount: number | null;
}

/** A member sync running in the background on the server (queued → running → succeeded | failed). */
export interface SyncJob {
  id: string;
  integrationType: IntegrationType;
  status: 'queued' | 'running' | 'succeeded' | 'failed';
  syncedCount: number;
  pagesProcessed: number;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  rateLimitedWaits: number;
  serverErrorRetries: number;
  message: string | null;
  errorReason: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

export const isSyncActive = (job: SyncJob): boolean => job.status === 'queued' || job.status === 'running';

export function integrationsClient(client: ApiClient = api) {
  const path = (p: string) => `${IDENTITY_BASE}/integrations${p}`;
  return {
    list: () => client.get<{ items: Integration[] }>(path('')),
    /** The connected integration of this type, or null: not connected yet is an expected state, so it is read from the list (no 404 in the console). */
    find: async (type: IntegrationType): Promise<Integration | null> => (await client.get<{ items: Integration[] }>(path(''))).items.find((i) => i.integrationType === type) ?? null,
    save: (type: IntegrationType, body: { apiKey: string; fromEmail: string }) => client.put<{ integration: Integration; message: string }>(path(`/${type}`), body),
    remove: (type: IntegrationType) => client.delete<{ message: string }>(path(`/${type}`)),
    test: (type: IntegrationType) => client.post<{ ok: boolean; message: string }>(path(`/${type}/test`)),
    /** Queues a sync (or returns the one already queued or running). */
    syncMembers: (type: IntegrationType) => client.post<{ job: SyncJob; message: string }>(path(`/${type}/sync-members`)),
    /** The latest sync, or null while the integration has never synced (an expected state: no 404 in the console). */
    latestSync: (type: IntegrationType) => client.get<SyncJob | null>(path(`/${type}/sync-members/latest`)),
    /** Planning Center's OAuth 2 connect flow (the server holds state, PKCE verifier and tokens). */
    oauthAvailable: () => client.get<{ available: boolean }>(path('/planningCenter/oauth')),
    startOAuth: (fromEmail: string) => client.post<{ authorizeUrl: string }>(path('/planningCenter/oauth/start'), { fromEmail }),
    completeOAuth: (code: string, state: string) => client.post<{ integration: Integration; message: string }>(path('/planningCenter/oauth/complete'), { code, state }),
  };
}

export const integrationsApi = integrationsClient();
