// Data of the dashboard and the sermons page, loaded through the sermons client.
import { sermonsClient } from '../sermons/sermons.client.ts';
import type { DashboardSummary, QuotaUsage, SermonSummary } from '../sermons/sermon.types.ts';
import { useResource } from './useResource.ts';
import type { Resource } from './useResource.ts';

export const useDashboard = (): Resource<DashboardSummary> => useResource('dashboard', sermonsClient.dashboard);
export const useSermonLibrary = (): Resource<SermonSummary[]> => useResource('library', sermonsClient.list);
export const useQuota = (): Resource<QuotaUsage> => useResource('quota', sermonsClient.quota);
