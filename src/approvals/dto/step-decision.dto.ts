import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_STEPS } from '../../workflow-rules/workflow-limits.js';

import { NOTE_MAX_LENGTH } from '../approval-limits.js';
export const STEP_DECISION_ACTIONS = ['approve', 'reject'] as const;
export type StepDecisionAction = (typeof STEP_DECISION_ACTIONS)[number];

/** Approves or rejects a run's paused step from the dashboard: the same decision as the mailed links. */
export class StepDecisionDto {
  @ApiProperty({ enum: STEP_DECISION_ACTIONS })
  @IsIn(STEP_DECISION_ACTIONS, { message: 'action must be approve or reject' })
  action: StepDecisionAction;

  @ApiProperty({ type: 'integer', minimum: 0, maximum: MAX_STEPS - 1, description: 'The step awaiting approval (0-based)' })
  @IsInt({ message: 'stepIndex must be a whole number' })
  @Min(0)
  @Max(MAX_STEPS - 1)
  stepIndex: number;

  @ApiPropertyOptional({ maxLength: NOTE_MAX_LENGTH, description: 'Feedback for the agent, with reject; blank reads as none' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(NOTE_MAX_LENGTH, { message: `note must be at most ${NOTE_MAX_LENGTH} characters` })
  note?: string;
}
