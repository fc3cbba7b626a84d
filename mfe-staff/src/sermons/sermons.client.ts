// The sermons service's public routes (services/sermons/API.md), through the page's API client.
import { api } from '@lectern/shell-kit';
import type { ApiClient, MediaSource } from '@lectern/shell-kit';
import type {
  DashboardSummary,
  DiscussionGuide,
  TranscriptWord,
  Devotional,
  Outline,
  QuotaUsage,
  Sermon,
  SermonDetails,
  SermonProgress,
  SermonSummary,
  UploadTarget,
} from './sermon.types.ts';

export const SERMONS_BASE = '/api/sermons';

export interface CreateSermonBody {
  title: string;
  speaker: string;
  recordedAt: string;
  file?: { name: string; size: number; contentType: string };
  sourceUrl?: string;
}

export interface CreatedSermon {
  sermon: Sermon;
  progress: SermonProgress;
  upload?: UploadTarget;
  message?: string;
}

export function createSermonsClient(client: ApiClient = api) {
  const path = (p: string) => `${SERMONS_BASE}${p}`;
  const id = (sermonId: string) => encodeURIComponent(sermonId);
  return {
    dashboard: () => client.get<DashboardSummary>(path('/dashboard')),
    list: async () => (await client.get<{ sermons: SermonSummary[] }>(path('/sermons'))).sermons,
    quota: () => client.get<QuotaUsage>(path('/quota')),
    /** `idempotencyKey`: one per creation, sent again with each retry of it (ADR 0033). */
    create: (body: CreateSermonBody, idempotencyKey: string) =>
      client.post<CreatedSermon>(path('/sermons'), body, { headers: { 'idempotency-key': idempotencyKey } }),
    cancelUpload: (sermonId: string) =>
      client.post<{ message: string }>(path(`/sermons/${id(sermonId)}/cancel-upload`)),
    details: (sermonId: string) => client.get<SermonDetails>(path(`/sermons/${id(sermonId)}`)),
    transcriptWords: (sermonId: string) =>
      client.get<{ text: string; words: TranscriptWord[] }>(path(`/sermons/${id(sermonId)}/transcript`)),
    playback: (sermonId: string) => client.get<MediaSource>(path(`/sermons/${id(sermonId)}/media`)),
    discussionGuide: async (sermonId: string) =>
      (await client.get<{ guide: DiscussionGuide | null }>(path(`/sermons/${id(sermonId)}/discussion-guide`))).guide,
    saveOutline: async (sermonId: string, outline: Outline) =>
      (await client.put<{ outline: Outline }>(path(`/sermons/${id(sermonId)}/outline`), { outline })).outline,
    saveDevotional: async (devotionalId: string, body: Omit<Devotional, 'id' | 'sermonId' | 'dayNumber'>) =>
      (
        await client.put<{ devotional: Devotional }>(
          path(`/devotionals/${encodeURIComponent(devotionalId)}`),
          body,
        )
      ).devotional,
    publish: async (sermonId: string) =>
      (await client.post<{ sermon: Sermon }>(path(`/sermons/${id(sermonId)}/publish`))).sermon,
    unpublish: async (sermonId: string) =>
      (await client.post<{ sermon: Sermon }>(path(`/sermons/${id(sermonId)}/unpublish`))).sermon,
    remove: (sermonId: string) => client.delete<void>(path(`/sermons/${id(sermonId)}`)),
    stop: (sermonId: string) => client.post<{ message: string }>(path(`/sermons/${id(sermonId)}/stop`)),
    retry: (sermonId: string) =>
      client.post<{ message: string; restartedAt: string }>(path(`/sermons/${id(sermonId)}/retry`)),
  };
}

export type SermonsClient = ReturnType<typeof createSermonsClient>;

export const sermonsClient = createSermonsClient();
