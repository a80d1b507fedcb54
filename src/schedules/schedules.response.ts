import { ApiProperty } from '@nestjs/swagger';
import { MISSED_RUN_POLICIES, type MissedRunPolicy, OVERLAP_POLICIES, type OverlapPolicy } from '../workflows/entities/workflow.entity.js';
import { TICK_OUTCOMES, type TickOutcome } from './schedule-tick.entity.js';

/** One slot the schedule reached and what became of it. */
export class ScheduleSlotResponse {
  @ApiProperty({ format: 'date-time' })
  slot: string;

  @ApiProperty({ enum: TICK_OUTCOMES })
  outcome: TickOutcome;

  @ApiProperty({ type: 'integer', nullable: true })
  runId: number | null;

  /** Reached after an outage by the missed-run policy, not by its timer. */
  @ApiProperty({ description: 'Reached after an outage by the missed-run policy, not by its timer' })
  caughtUp: boolean;

  /** Slots since the previous one that nobody reached. */
  @ApiProperty({ type: 'integer', description: 'Slots since the previous one that nobody reached' })
  missedBefore: number;

  @ApiProperty({ type: String, nullable: true })
  detail: string | null;

  @ApiProperty({ format: 'date-time' })
  decidedAt: string;
}

export class ScheduleResponse {
  @ApiProperty({ format: 'uuid' })
  workflowId: string;

  @ApiProperty({ type: String, nullable: true, example: '0 9 * * 1' })
  schedule: string | null;

  @ApiProperty({ example: 'Europe/Berlin' })
  timezone: string;

  @ApiProperty()
  paused: boolean;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  pausedAt: string | null;

  @ApiProperty({ enum: OVERLAP_POLICIES })
  overlapPolicy: OverlapPolicy;

  @ApiProperty({ enum: MISSED_RUN_POLICIES })
  missedRunPolicy: MissedRunPolicy;

  @ApiProperty({ type: 'integer' })
  catchUpWindowMinutes: number;

  /** Null when it does not fire: no schedule, paused, or the plan not approved yet. */
  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'Null when it does not fire: no schedule, paused, or the plan not approved yet' })
  nextRunAt: string | null;

  /** The next run times (`count`, 5 by default), empty when it does not fire. */
  @ApiProperty({ type: String, format: 'date-time', isArray: true, description: 'The next run times (count, 5 by default), empty when it does not fire' })
  nextRuns: string[];

  /** The latest slots it reached, newest first. */
  @ApiProperty({ type: [ScheduleSlotResponse], description: 'The latest slots it reached, newest first' })
  recentSlots: ScheduleSlotResponse[];
}
