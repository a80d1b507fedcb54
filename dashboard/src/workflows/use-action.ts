import { useState } from 'react';

export interface Action {
  busy: boolean;
  error: Error | undefined;
  /** Runs the request; its message (if any) goes to onChanged, and the workflow is re-fetched either way. */
  run: (action: () => Promise<string | undefined>) => Promise<void>;
}

/** A button's request: busy while it runs, its error kept until the next try. */
export function useAction(onChanged: (message?: string) => void): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  async function run(action: () => Promise<string | undefined>) {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await action());
    } catch (failure) {
      setError(failure as Error);
      // A 409 means the server moved on without us (a run started by schedule, a step decided by email).
      onChanged();
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
