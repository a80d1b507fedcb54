import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_STEPS, STEP_DESCRIPTION_MAX_LENGTH } from '../../workflow-rules/workflow-limits.js';

/** POST /api/workflows/:id/runs/:runId/retry. */
export class RetryRunDto {
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    maximum: MAX_STEPS - 1,
    description: 'The step (0-based) the new run starts at; the outputs of the steps before it are reused. Default: the step the run failed or was stopped at; 0 for a completed run',
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_STEPS - 1)
  fromStep?: number;

  @ApiPropertyOptional({ description: 'Replaces the instruction of step `fromStep`, for the new run only', maxLength: STEP_DESCRIPTION_MAX_LENGTH })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(STEP_DESCRIPTION_MAX_LENGTH)
  instruction?: string;
}
