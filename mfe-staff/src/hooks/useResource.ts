import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, showToast } from '@lectern/shell-kit';

export interface Resource<T> {
  data: T | null;
  error: ApiError | Error | null;
  loading: boolean;
  reload(): void;
  /** Replace the data locally (live updates, saved edits). */
  set(update: (current: T | null) => T | null): void;
}

/** Loads once per key; a later reload keeps the shown data until the new one arrives. */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const [loading, setLoading] = useState(key !== null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const generation = useRef(0);

  const reload = useCallback(() => {
    if (key === null) return;
    const mine = ++generation.current;
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (mine !== generation.current) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (reason: unknown) => {
        if (mine !== generation.current) return;
        setError(reason instanceof Error ? reason : new Error(String(reason)));
        setLoading(false);
      },
    );
  }, [key]);

  useEffect(() => {
    setData(null);
    reload();
    return () => {
      generation.current++;
    };
  }, [reload]);

  return { data, error, loading, reload, set: setData };
}

export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.detail ?? fallback;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The error toast of a failed action: `title`, and the server's detail (or `fallback`) below it. */
export function showFailure(title: string, error: unknown, { fallback = title, durationMs }: { fallback?: string; durationMs?: number } = {}): void {
  showToast({ kind: 'error', title, message: messageOf(error, fallback), ...(durationMs === undefined ? {} : { durationMs }) });
}
