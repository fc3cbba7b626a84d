// One sermon's page: details over REST, live progress over the WebSocket, and the page's actions
// with the spec's toasts (000 §8).
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, showToast } from '@lectern/shell-kit';
import { sermonsClient } from '../sermons/sermons.client.ts';
import { followSermonLive } from '../sermons/live.socket.ts';
import { normalizeDevotional, devotionalUpdate } from '../sermons/devotional.edit.ts';
import type {
  Devotional,
  Outline,
  SermonDetails,
  SermonProgress,
  SermonStatus,
} from '../sermons/sermon.types.ts';
import { useResource } from './useResource.ts';
import { completesMissingContent } from '../sermons/pipeline.steps.ts';

const BUSY = 'Service is currently busy. Please try again in a few minutes.';

const detailOf = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.detail : undefined;

function normalized(details: SermonDetails): SermonDetails {
  return {
    ...details,
    devotionals: details.devotionals.map((d) =>
      normalizeDevotional(d as unknown as Partial<Devotional> & Record<string, unknown>),
    ),
  };
}

export function useSermonDetails(id: string | null, onRemoved: () => void) {
  const resource = useResource(id, async () => normalized(await sermonsClient.details(id!)));
  const { set, reload } = resource;
  // What the page shows now, read by the live handler (which is set up once per sermon).
  const shownRef = useRef(resource.data);
  shownRef.current = resource.data;
  const [busyAction, setBusyAction] = useState<string | null>(null);

  useEffect(() => {
    if (!id) return;
    return followSermonLive({
      topic: `sermon:${id}`,
      onEvent: ({ event, data }) => {
        if (event === 'progress') {
          const progress = data as SermonProgress;
          const shown = shownRef.current;
          set((current) => (current ? { ...current, progress } : current));
          if (shown && completesMissingContent(shown, progress)) reload();
        } else if (event === 'status') {
          const { status } = data as { status: SermonStatus };
          set((current) => (current ? { ...current, sermon: { ...current.sermon, status } } : current));
          // A finished run brought transcript, outline and devotionals: fetch them.
          if (status === 'REVIEW' || status === 'FAILED') reload();
        } else if (event === 'deleted') {
          onRemoved();
        }
      },
      onResync: reload,
    });
  }, [id, set, reload, onRemoved]);

  const run = useCallback(async <T>(name: string, action: () => Promise<T>): Promise<T | undefined> => {
    setBusyAction(name);
    try {
      return await action();
    } finally {
      setBusyAction(null);
    }
  }, []);

  const actions = useMemo(
    () => ({
      async publish() {
        if (!id) return;
        await run('publish', async () => {
          try {
            const sermon = await sermonsClient.publish(id);
            set((current) => (current ? { ...current, sermon } : current));
            showToast({ kind: 'success', title: 'Sermon published successfully' });
          } catch (error) {
            showToast({ kind: 'error', title: 'Failed to publish sermon', message: detailOf(error) });
          }
        });
      },
      async unpublish(): Promise<boolean> {
        if (!id) return false;
        return (
          (await run('unpublish', async () => {
            try {
              const sermon = await sermonsClient.unpublish(id);
              set((current) => (current ? { ...current, sermon } : current));
              showToast({ kind: 'success', title: 'Sermon unpublished: members no longer see it' });
              return true;
            } catch (error) {
              showToast({ kind: 'error', title: 'Failed to unpublish sermon', message: detailOf(error) });
              return false;
            }
          })) ?? false
        );
      },
      async remove(): Promise<boolean> {
        if (!id) return false;
        return (
          (await run('delete', async () => {
            try {
              await sermonsClient.remove(id);
              showToast({ kind: 'success', title: 'Sermon deleted successfully' });
              return true;
            } catch (error) {
              showToast({ kind: 'error', title: 'Failed to delete sermon', message: detailOf(error) });
              return false;
            }
          })) ?? false
        );
      },
      async stop(): Promise<boolean> {
        if (!id) return false;
        return (
          (await run('stop', async () => {
            try {
              await sermonsClient.stop(id);
              showToast({ kind: 'success', title: 'Processing stopped and sermon removed' });
              return true;
            } catch (error) {
              showToast({ kind: 'error', title: 'Failed to stop processing', message: detailOf(error) });
              return false;
            }
          })) ?? false
        );
      },
      async retry(temporaryMediaPath: string | null) {
        if (!id) return;
        if (!temporaryMediaPath) {
          showToast({
            kind: 'error',
            title: 'Missing media path for retry. Please re-upload the sermon file.',
          });
          return;
        }
        await run('retry', async () => {
          try {
            await sermonsClient.retry(id);
            showToast({ kind: 'success', title: 'Transcription process restarted' });
            reload();
          } catch (error) {
            if (error instanceof ApiError && error.status === 429) showToast({ kind: 'error', title: BUSY });
            else if (error instanceof ApiError && error.problem.reason === 'missing_media')
              showToast({ kind: 'error', title: error.detail ?? 'Failed to retry transcription' });
            else
              showToast({ kind: 'error', title: 'Failed to retry transcription', message: detailOf(error) });
          }
        });
      },
      async saveOutline(outline: Outline): Promise<boolean> {
        if (!id) return false;
        return (
          (await run('outline', async () => {
            try {
              const saved = await sermonsClient.saveOutline(id, outline);
              set((current) => (current ? { ...current, outline: saved } : current));
              showToast({ kind: 'success', title: 'Changes saved successfully' });
              return true;
            } catch (error) {
              showToast({ kind: 'error', title: 'Failed to save changes', message: detailOf(error) });
              return false;
            }
          })) ?? false
        );
      },
      async saveDevotional(devotional: Devotional): Promise<boolean> {
        return (
          (await run('devotional', async () => {
            try {
              const saved = normalizeDevotional(
                (await sermonsClient.saveDevotional(
                  devotional.id,
                  devotionalUpdate(devotional),
                )) as unknown as Partial<Devotional> & Record<string, unknown>,
              );
              set((current) =>
                current
                  ? {
                      ...current,
                      devotionals: current.devotionals.map((d) => (d.id === saved.id ? saved : d)),
                    }
                  : current,
              );
              showToast({ kind: 'success', title: 'Devotional updated' });
              return true;
            } catch (error) {
              showToast({
                kind: 'error',
                title:
                  detailOf(error) ??
                  (error instanceof Error && !(error instanceof ApiError)
                    ? error.message
                    : 'Failed to save devotional'),
              });
              return false;
            }
          })) ?? false
        );
      },
    }),
    [id, run, set, reload],
  );

  return { ...resource, busyAction, actions };
}
