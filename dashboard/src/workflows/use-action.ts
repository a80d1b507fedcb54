import { useAction } from '../hooks/use-action';

export interface WorkflowAction {
  busy: boolean;
  error: Error | undefined;
  /** Runs the request; its message (if any) goes to onChanged, and the workflow is re-fetched either way. */
  run: (action: () => Promise<string | undefined>) => Promise<void>;
}

/** A workflow page button's request: like useAction, and the page reloads after it, failed or not. */
export function useWorkflowAction(onChanged: (message?: string) => void): WorkflowAction {
  const action = useAction();
  async function run(request: () => Promise<string | undefined>) {
    let message: string | undefined;
    // A failure is often a 409: the server moved on without us (a run started by schedule, a step decided by email).
    await action.run(async () => {
      message = await request();
    });
    onChanged(message);
  }
  return { busy: action.busy, error: action.error, run };
}
