// The console's calls: identity (profile = the gate's probe, mode, catalog, KPIs), billing (paying
// customers and revenue), and the migration service (feed, queue, steps, stop, clear, retry).
import { api, ApiError, IDENTITY_BASE } from '@lectern/shell-kit';

export type ConsoleMode = 'TEST' | 'LIVE';

export interface ConsoleProfile {
  mode: ConsoleMode;
  catalogItems: number;
  modeToggle: boolean;
  catalogEdit: boolean;
  analytics: boolean;
}

export interface IdentityKpis {
  totalLeads: number;
  initiatedLeads: number;
  convertedLeads: number;
  organizations: number;
}

export interface BillingKpis {
  payingCustomers: number;
  revenueCents: number;
  currency: string;
}

export interface FunnelStep {
  key: 'landing' | 'pricing' | 'signup' | 'paid';
  label: string;
  visitors: number;
  conversionPct: number | null;
}

export interface AnalyticsFunnel {
  since: string;
  days: number;
  steps: FunnelStep[];
}

export interface FeedVideo {
  title: string;
  publishedAt: string | null;
  mediaUrl: string;
  mediaType?: string | null;
  duration: number | null;
  guid: string;
}

export type MigrationStatus = 'pending' | 'processing' | 'completed' | 'cancelled' | 'failed';

export interface MigrationQueue {
  id: string;
  orgId: string;
  status: MigrationStatus;
  processedVideos: number;
  totalVideos: number;
  failedVideos: number;
  currentVideo: number | null;
  currentVideoTitle: string | null;
  workflowId: string | null;
  errorMessage: string | null;
}

export interface MigrationStep {
  id: string;
  position: number | null;
  stepName: string;
  stepMessage: string | null;
  errorMessage: string | null;
  stepStatus: string;
  stepProgress: number;
  createdAt: string;
}

const MIGRATION = '/api/migration';

/** The server's own message for a failure, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const fromBody = typeof error.problem.error === 'string' ? error.problem.error : undefined;
    return fromBody ?? error.detail ?? fallback;
  }
  return fallback;
}

export const consoleApi = {
  profile: () => api.get<ConsoleProfile>(`${IDENTITY_BASE}/console/profile`),
  setMode: (mode: ConsoleMode, confirmation: string) => api.post<Pick<ConsoleProfile, 'mode' | 'catalogItems'>>(`${IDENTITY_BASE}/console/mode`, { mode, confirmation }),
  syncCatalog: (items: { code: string; name?: string }[]) => api.post<Pick<ConsoleProfile, 'mode' | 'catalogItems'>>(`${IDENTITY_BASE}/console/catalog`, { items }),
  identityKpis: () => api.get<IdentityKpis>(`${IDENTITY_BASE}/console/kpis`),
  billingKpis: () => api.get<BillingKpis>('/api/billing/kpis'),
  funnel: (days: number) => api.get<AnalyticsFunnel>(`${IDENTITY_BASE}/console/analytics/funnel?days=${days}`),
  organizations: () => api.get<{ items: { id: string; name: string }[] }>(`${IDENTITY_BASE}/organizations/public`),
  parseFeed: (rssUrl: string, maxVideos: number) => api.post<{ success: boolean; error: string | null; videos: FeedVideo[] }>(`${MIGRATION}/rss/parse`, { rssUrl, maxVideos }),
  startMigration: (body: { rssUrl: string; targetOrgId: string; videos: FeedVideo[]; allowDuplicates: boolean; maxToQueue: number }) =>
    api.post<{ success: boolean; migrationId: string; message: string }>(`${MIGRATION}/migrations`, body),
  migration: (id: string) => api.get<{ queue: MigrationQueue; steps: MigrationStep[] }>(`${MIGRATION}/migrations/${encodeURIComponent(id)}`),
  cancel: (id: string) => api.post<{ success: boolean; message: string }>(`${MIGRATION}/migrations/${encodeURIComponent(id)}/cancel`, { reason: 'User requested cancellation' }),
  clear: (id: string) => api.post<{ success: boolean; message: string }>(`${MIGRATION}/migrations/${encodeURIComponent(id)}/clear`),
  retry: (id: string) => api.post<{ success: boolean; message: string }>(`${MIGRATION}/migrations/${encodeURIComponent(id)}/retry`),
};
