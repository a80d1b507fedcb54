import type { MissedRunPolicy, OverlapPolicy } from '../workflows/entities/workflow.entity.js';
import type { TickOutcome } from './schedule-tick.entity.js';

/** One slot the schedule reached and what became of it. */
export interface ScheduleSlotResponse {
  slot: string;
  outcome: TickOutcome;
  runId: number | null;
  /** Reached after an outage by the missed-run policy, not by its timer. */
  caughtUp: boolean;
  /** Slots since the previous one that nobody reached. */
  missedBefore: number;
  detail: string | null;
  decidedAt: string;
}

export interface ScheduleResponse {
  workflowId: string;
  schedule: string | null;
  timezone: string;
  paused: boolean;
  pausedAt: string | null;
  overlapPolicy: OverlapPolicy;
  missedRunPolicy: MissedRunPolicy;
  catchUpWindowMinutes: number;
  /** Null when it does not fire: no schedule, paused, or the plan not approved yet. */
  nextRunAt: string | null;
  /** The next run times (`count`, 5 by default), empty when it does not fire. */
  nextRuns: string[];
  /** The latest slots it reached, newest first. */
  recentSlots: ScheduleSlotResponse[];
}
