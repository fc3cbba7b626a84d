// The sermon upload in progress (spec 000 §4 upload flow): create the sermon, PUT the file with
// progress, or cancel (abort + server clean-up). A store, so the form and the progress panel share it.
// The creation carries an Idempotency-Key (ADR 0033): when its answer is a 503 or never arrives,
// the store tries again with the same key (as Retry-After asks, a few times), and keeps the key for
// the user's own Start on the same form, so a creation that did commit is answered, not doubled.
import { createStore, useStore } from 'zustand';
import { ApiError, sessionStore, showToast } from '@lectern/shell-kit';
import { sermonsClient } from '../sermons/sermons.client.ts';
import type { CreatedSermon, CreateSermonBody, SermonsClient } from '../sermons/sermons.client.ts';
import { putFile, UploadError } from '../sermons/upload.transfer.ts';
import type { RunningUpload } from '../sermons/upload.transfer.ts';
import type { QuotaUsage } from '../sermons/sermon.types.ts';
import { quotaReachedMessage } from '../sermons/quota.text.ts';

export const UPLOAD_SUCCESS = 'Sermon submitted successfully! Redirecting to sermon page...';

export type UploadPhase = 'idle' | 'creating' | 'uploading' | 'canceling';

export interface UploadRequest {
  title: string;
  speaker: string;
  recordedAt: string;
  file: File | null;
  sourceUrl: string | null;
}

export interface UploadState {
  phase: UploadPhase;
  fileName: string | null;
  loaded: number;
  total: number;
  sermonId: string | null;
  error: string | null;
  /** The new sermon's id; 'canceled' once Stop has cleaned up; null when refused or failed. */
  start(request: UploadRequest, quota: QuotaUsage | null): Promise<string | 'canceled' | null>;
  stop(): Promise<void>;
  clearError(): void;
}

/** Tries of one creation before the form shows the refusal (the first and two retries). */
export const CREATE_ATTEMPTS = 3;
const DEFAULT_RETRY_AFTER_SECONDS = 5;
const MAX_RETRY_AFTER_SECONDS = 30;

/** The server may have created the sermon without the answer reaching us: worth trying again with the key. */
function outcomeUnknown(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createUploadStore(client: SermonsClient = sermonsClient, wait: (ms: number) => Promise<void> = pause) {
  /** The key of the last creation whose outcome is unknown, with the body it was sent with. */
  let unsettled: { body: string; key: string } | null = null;
  let running: RunningUpload<unknown> | null = null;
  let canceled = false;
  let stopping: Promise<void> = Promise.resolve();
  const store = createStore<UploadState>()((set, get) => ({
    phase: 'idle',
    fileName: null,
    loaded: 0,
    total: 0,
    sermonId: null,
    error: null,
    clearError: () => set({ error: null }),
    async start(request, quota) {
      if (get().phase !== 'idle') return null;
      if (quota && quota.remaining <= 0) {
        set({ error: quotaReachedMessage(quota.resets_at) });
        return null;
      }
      const user = sessionStore.getState().user;
      if (!user) {
        set({ error: 'No user found' });
        return null;
      }
      if (!user.orgId) {
        set({ error: 'No organization associated with user' });
        return null;
      }
      canceled = false;
      set({
        phase: 'creating',
        error: null,
        fileName: request.file?.name ?? null,
        loaded: 0,
        total: request.file?.size ?? 0,
        sermonId: null,
      });
      try {
        const body = {
          title: request.title.trim(),
          speaker: request.speaker.trim(),
          recordedAt: request.recordedAt,
          ...(request.file
            ? {
                file: {
                  name: request.file.name,
                  size: request.file.size,
                  contentType: request.file.type || 'application/octet-stream',
                },
              }
            : { sourceUrl: request.sourceUrl ?? '' }),
        };
        const created = await createOnce(body);
        const sermonId = created.sermon.id;
        if (canceled) {
          // Stop was pressed while the sermon was being created: remove what the server made.
          await client.cancelUpload(sermonId).catch(() => undefined);
          await stopping;
          return 'canceled';
        }
        set({ sermonId });
        if (request.file && created.upload) {
          set({ phase: 'uploading' });
          running = putFile(
            created.upload,
            request.file,
            ({ loaded, total }) => set({ loaded, total }),
            sessionStore.getState().accessToken,
          );
          await running.done;
          running = null;
        }
        showToast({ kind: 'success', title: UPLOAD_SUCCESS });
        set({ phase: 'idle', fileName: null, loaded: 0, total: 0, sermonId: null });
        return sermonId;
      } catch (error) {
        running = null;
        if (canceled) {
          // Let Stop finish its clean-up first, so a reload after this sees the sermon gone.
          await stopping;
          return 'canceled';
        }
        const message =
          error instanceof ApiError
            ? (error.detail ?? 'Failed to upload sermon')
            : error instanceof UploadError
              ? error.message
              : 'Failed to upload sermon';
        // Shown in the form's error box (spec: store errors are kept and shown there), not as a toast too.
        set({ phase: 'idle', error: message, loaded: 0, total: 0, sermonId: null });
        return null;
      }
    },
    stop() {
      const { phase } = get();
      if (phase !== 'creating' && phase !== 'uploading') return stopping;
      canceled = true;
      stopping = cancelNow();
      return stopping;
    },
  }));

  /** Creates the sermon, retrying a lost or refused-for-now answer with the same key. */
  async function createOnce(body: CreateSermonBody): Promise<CreatedSermon> {
    const sent = JSON.stringify(body);
    // The user pressing Start again on the same form after an unknown outcome retries that creation.
    const key = unsettled?.body === sent ? unsettled.key : crypto.randomUUID();
    unsettled = { body: sent, key };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const created = await client.create(body, key);
        unsettled = null;
        return created;
      } catch (error) {
        if (!outcomeUnknown(error)) unsettled = null;
        if (!outcomeUnknown(error) || attempt >= CREATE_ATTEMPTS || canceled) throw error;
        await wait(Math.min(error.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS) * 1000);
        if (canceled) throw error;
      }
    }
  }

  async function cancelNow(): Promise<void> {
    const { sermonId } = store.getState();
    store.setState({ phase: 'canceling' });
    running?.abort();
    running = null;
    try {
      if (sermonId) await client.cancelUpload(sermonId);
      showToast({ kind: 'info', title: 'Upload canceled and cleaned up' });
      store.setState({ phase: 'idle', fileName: null, loaded: 0, total: 0, sermonId: null, error: null });
    } catch (error) {
      const message = error instanceof ApiError && error.detail ? error.detail : 'Failed to cancel upload';
      showToast({ kind: 'error', title: 'Failed to cancel upload', message });
      store.setState({ phase: 'idle', error: 'Upload canceled', loaded: 0, total: 0, sermonId: null });
    }
  }

  return store;
}

export const uploadStore = createUploadStore();

export function useUpload<T>(select: (state: UploadState) => T): T {
  return useStore(uploadStore, select);
}
