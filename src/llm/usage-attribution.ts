/** What a model call is for; `image` is set by the image model's meter, the others by entry points. */
export const USAGE_KINDS = ['chat', 'routing', 'planning', 'run-step', 'tool', 'image', 'title'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

/**
 * Whom a model call is charged to and why. Every entry point that leads to model calls (a chat
 * turn's routing and reply, a workflow's planning, a run step, a tool's own call) states it when
 * it asks the registry for a model, and the model it gets is metered under it: no ambient store
 * (an AsyncLocalStorage would hook every promise of the process; see docs/decisions/runtime-and-tooling.md, "No AsyncLocalStorage").
 */
export interface UsageAttribution {
  teamId: string;
  userId: string | null;
  kind: Exclude<UsageKind, 'image'>;
  conversationId?: string | null;
  workflowId?: string | null;
  runId?: number | null;
  stepIndex?: number | null;
}
