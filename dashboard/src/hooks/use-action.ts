import { useState } from 'react';

export interface Action {
  busy: boolean;
  error: Error | undefined;
  /** Runs the request; true when it succeeded, false when it failed (its error is then kept). */
  run: (action: () => Promise<unknown>) => Promise<boolean>;
}

/** One button's request: busy while it runs, its error kept to show next to it until the next try. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error>();
  async function run(action: () => Promise<unknown>): Promise<boolean> {
    setBusy(true);
    setError(undefined);
    try {
      await action();
      return true;
    } catch (failure) {
      setError(failure as Error);
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run };
}
