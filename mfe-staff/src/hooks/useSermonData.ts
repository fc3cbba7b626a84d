// Data of the dashboard and the sermons page, loaded through the sermons client.
import { sermonsClient } from '../sermons/sermons.client.ts';
import type { DashboardSummary, QuotaUsage, SermonSummary } from '../sermons/sermon.types.ts';
import { useResource } from './useResource.ts';
import type { Resource } from './useResource.ts';

export const useDashboard = (): Resource<DashboardSummary> =>
  useResource('dashboard', sermonsClient.dashboard);
export const useSermonLibrary = (): Resource<SermonSummary[]> => useResource('library', sermonsClient.list);
// Spec 000 §8: a failed quota check is logged and the upload continues (the server checks again).
const loadQuota = () =>
  sermonsClient.quota().catch((error: unknown) => {
    console.warn(
      'The upload quota could not be read; uploads stay available and the server enforces the limit.',
      error,
    );
    throw error;
  });

export const useQuota = (): Resource<QuotaUsage> => useResource('quota', loadQuota);
