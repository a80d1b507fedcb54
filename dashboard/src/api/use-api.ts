import { type DependencyList, useCallback, useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  reload: () => Promise<void>;
}

/**
 * Runs `load` (a section's api.ts call; null: nothing to load) when `deps` change, and on reload().
 * `deps` are what the call reads (a team's id, a filter), as for useEffect.
 */
export function useApi<T>(load: (() => Promise<T>) | null, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<Omit<Loaded<T>, 'reload'>>({ data: undefined, error: undefined, loading: load !== null });
  const idle = load === null;

  const run = useCallback(
    async (signal?: { cancelled: boolean }) => {
      if (load === null) return;
      setState((previous) => ({ ...previous, loading: true }));
      try {
        const data = await load();
        if (!signal?.cancelled) setState({ data, error: undefined, loading: false });
      } catch (error) {
        if (!signal?.cancelled) setState({ data: undefined, error: error as Error, loading: false });
      }
    },
    // `load` is a new closure each render: the call is the same while `deps` are.
    [idle, ...deps],
  );

  useEffect(() => {
    const signal = { cancelled: false };
    void run(signal);
    return () => {
      signal.cancelled = true;
    };
  }, [run]);

  return { ...state, reload: () => run() };
}
