import { useCallback, useEffect, useState } from 'react';
import { api } from './client';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => Promise<void>;
}

/** GETs `/api<path>` when the path changes (null: nothing to load), and on reload(). */
export function useApi<T>(path: string | null): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: undefined, error: undefined, loading: path !== null });

  const load = useCallback(
    async (signal?: { cancelled: boolean }) => {
      if (path === null) return;
      setState((previous) => ({ ...previous, loading: true }));
      try {
        const data = await api<T>('GET', path);
        if (!signal?.cancelled) setState({ data, error: undefined, loading: false });
      } catch (error) {
        if (!signal?.cancelled) setState({ data: undefined, error: error as Error, loading: false });
      }
    },
    [path],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void load(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [load]);

  return { ...state, reload: () => load() };
}
