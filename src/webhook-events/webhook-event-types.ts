/** The events a webhook endpoint may subscribe to (README, "Webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
  'run.started',
  'run.awaiting_approval',
  'run.awaiting_budget',
  'run.completed',
  'run.failed',
  'run.stopped',
  'step.decided',
  'workflow.plan_approval_requested',
  'workflow.activated',
  'workflow.deleted',
  'schedule.slot_skipped',
  'schedule.missed',
  'asset.created',
  'budget.threshold',
  'member.added',
  'member.removed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
