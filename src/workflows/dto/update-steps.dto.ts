import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AGENT_IDS, type AgentId } from '../../assistant/agents/agents.js';

import { MAX_STEPS, STEP_DESCRIPTION_MAX_LENGTH } from '../../workflow-rules/workflow-limits.js';

export class StepInputDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_STEPS - 1, description: 'Position (0-based); given for all steps or for none' })
  // Null is not given, as IsOptional reads it: the plan's order is then the order of the list.
  @Transform(({ value }: { value: unknown }) => value ?? undefined)
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(MAX_STEPS - 1)
  stepIndex?: number;

  @ApiProperty({ example: 'Write a LinkedIn post about the launch', maxLength: STEP_DESCRIPTION_MAX_LENGTH })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @IsNotEmpty()
  @MaxLength(STEP_DESCRIPTION_MAX_LENGTH)
  description: string;

  @ApiPropertyOptional({ enum: AGENT_IDS, default: 'general' })
  @IsOptional()
  @IsIn(AGENT_IDS, { message: `agentId must be one of: ${AGENT_IDS.join(', ')}` })
  agentId?: AgentId;

  @ApiPropertyOptional({ default: false })
  @IsOptional()
  @IsBoolean()
  requiresApproval?: boolean;
}

/** Replaces a workflow's plan. */
export class UpdateStepsDto {
  @ApiProperty({ type: [StepInputDto] })
  @IsArray()
  @ArrayMinSize(1, { message: 'steps must contain between 1 and 20 steps' })
  @ArrayMaxSize(MAX_STEPS, { message: 'steps must contain between 1 and 20 steps' })
  // ValidateNested alone lets an array through in place of a step (it validates the array's items).
  @IsObject({ each: true, message: 'steps must be a list of step objects' })
  @ValidateNested({ each: true })
  @Type(() => StepInputDto)
  steps: StepInputDto[];
}
