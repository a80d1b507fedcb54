import { AsyncLocalStorage } from 'node:async_hooks';

/** What a model call is for; `image` is set by the image model's meter, the others by entry points. */
export const USAGE_KINDS = ['chat', 'routing', 'planning', 'run-step', 'tool', 'image'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/** Whom a model call is charged to and why: set by the entry point that leads to the call. */
export interface UsageAttribution {
  teamId: string;
  userId: string | null;
  kind: Exclude<UsageKind, 'image'>;
  conversationId?: string | null;
  workflowId?: string | null;
  runId?: number | null;
  stepIndex?: number | null;
}

const storage = new AsyncLocalStorage<UsageAttribution>();

/**
 * The attribution of the model calls made inside `run`, however deep and however late: it
 * follows the promises, timers and streams created inside, so a reply's later tool-loop steps
 * are charged like its first. The meter reads it when a call starts.
 */
export const UsageContext = {
  run<T>(attribution: UsageAttribution, work: () => T): T {
    return storage.run(attribution, work);
  },

  /** Runs `work` under the current attribution with some fields changed (none current: as it is). */
  refine<T>(changes: Partial<UsageAttribution>, work: () => T): T {
    const current = storage.getStore();
    return current ? storage.run({ ...current, ...changes }, work) : work();
  },

  current(): UsageAttribution | undefined {
    return storage.getStore();
  },
};
