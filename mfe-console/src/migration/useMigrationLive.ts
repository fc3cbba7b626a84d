// One migration followed live: the queue row and its steps over REST, then each change pushed on
// the migration service's WebSocket (topic `migration:<id>`), refetched after a reconnect.
import { useCallback, useEffect, useState } from 'react';
import { followLive } from '@lectern/shell-kit';
import { consoleApi, type MigrationQueue, type MigrationStep } from '../console.api.ts';

export interface MigrationLive {
  queue: MigrationQueue | null;
  steps: MigrationStep[];
  error: string | null;
}

function mergeStep(steps: MigrationStep[], step: MigrationStep): MigrationStep[] {
  const index = steps.findIndex((s) => s.id === step.id);
  if (index === -1) return [...steps, step].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.position ?? 0) - (b.position ?? 0));
  const next = [...steps];
  next[index] = step;
  return next;
}

export function useMigrationLive(id: string | null): MigrationLive {
  const [state, setState] = useState<MigrationLive>({ queue: null, steps: [], error: null });

  const load = useCallback(async () => {
    if (!id) return;
    try {
      const view = await consoleApi.migration(id);
      setState({ queue: view.queue, steps: view.steps, error: null });
    } catch {
      setState((current) => ({ ...current, error: 'Failed to fetch migration data' }));
    }
  }, [id]);

  useEffect(() => {
    setState({ queue: null, steps: [], error: null });
    if (!id) return;
    void load();
    return followLive({
      service: 'migration',
      topic: `migration:${id}`,
      onEvent: ({ event, data }) => {
        if (event === 'queue') setState((current) => ({ ...current, queue: data as MigrationQueue }));
        else if (event === 'step') setState((current) => ({ ...current, steps: mergeStep(current.steps, data as MigrationStep) }));
      },
      onResync: () => void load(),
    });
  }, [id, load]);

  return state;
}
