import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsTimeZone, Max, MaxLength, Min } from 'class-validator';
import { IsCronExpression } from '../../workflow-rules/is-cron-expression.decorator.js';
import { TIMEZONE_MAX_LENGTH, trim } from '../../workflows/dto/create-workflow.dto.js';
import { MISSED_RUN_POLICIES, type MissedRunPolicy, OVERLAP_POLICIES, type OverlapPolicy } from '../../workflows/entities/workflow.entity.js';

/** A week: a missed slot older than that is not worth running late. */
export const CATCH_UP_WINDOW_MAX_MINUTES = 10_080;

/** PATCH /api/workflows/:id/schedule: only the fields given change. */
export class UpdateScheduleDto {
  @ApiPropertyOptional({ type: String, nullable: true, example: '0 9 * * 1', description: 'A cron expression (5 fields, or 6 with seconds); null removes the schedule' })
  // Null passes too: it removes the schedule.
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  @IsCronExpression()
  schedule?: string | null;

  @ApiPropertyOptional({ example: 'Europe/Berlin', description: 'IANA time zone the schedule is read in', maxLength: TIMEZONE_MAX_LENGTH })
  @IsOptional()
  @IsString()
  @MaxLength(TIMEZONE_MAX_LENGTH)
  @IsTimeZone({ message: 'timezone must be an IANA time zone such as Europe/Lisbon' })
  timezone?: string;

  @ApiPropertyOptional({ enum: OVERLAP_POLICIES, description: 'When a slot finds the previous run in progress: skip it, queue one run after it, or cancel it' })
  @IsOptional()
  @IsIn(OVERLAP_POLICIES, { message: `overlapPolicy must be one of: ${OVERLAP_POLICIES.join(', ')}` })
  overlapPolicy?: OverlapPolicy;

  @ApiPropertyOptional({ enum: MISSED_RUN_POLICIES, description: 'Slots that fell while no instance was up: record them, or run the latest one once' })
  @IsOptional()
  @IsIn(MISSED_RUN_POLICIES, { message: `missedRunPolicy must be one of: ${MISSED_RUN_POLICIES.join(', ')}` })
  missedRunPolicy?: MissedRunPolicy;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: CATCH_UP_WINDOW_MAX_MINUTES, description: 'How late a missed slot may still be run by run_once' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(CATCH_UP_WINDOW_MAX_MINUTES)
  catchUpWindowMinutes?: number;
}
