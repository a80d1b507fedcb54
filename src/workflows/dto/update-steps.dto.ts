import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsEmail, IsIn, IsInt, IsNotEmpty, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { AGENT_IDS, type AgentId } from '../../assistant/agents/agents.js';
import { APPROVER_KINDS, type ApproverKind, EXPIRY_ACTIONS, type ExpiryAction, QUORUM_MAX, TIMER_MAX_MINUTES } from '../approval-policy.js';

import { MAX_STEPS, STEP_DESCRIPTION_MAX_LENGTH } from '../../workflow-rules/workflow-limits.js';

const lowerCased = ({ value }: { value: unknown }): unknown => (Array.isArray(value) ? value.map((item: unknown) => (typeof item === 'string' ? item.trim().toLowerCase() : item)) : value);

/** A step's approval policy (docs/decisions/approval-timers.md); every field defaults to today's behaviour. */
export class ApprovalPolicyDto {
  @ApiPropertyOptional({ enum: APPROVER_KINDS, default: 'starter', description: "Who approves: the run's starter, the members named in `members`, or any admin or owner of the team" })
  @IsOptional()
  @IsIn(APPROVER_KINDS, { message: `approvalPolicy.approvers must be one of: ${APPROVER_KINDS.join(', ')}` })
  approvers?: ApproverKind;

  @ApiPropertyOptional({ type: [String], maxItems: QUORUM_MAX, description: 'Emails of team members who approve (approvers: members)' })
  @Transform(lowerCased)
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(QUORUM_MAX)
  @ArrayUnique({ message: 'approvalPolicy.members must not repeat a member' })
  @IsEmail({}, { each: true, message: 'approvalPolicy.members must be email addresses' })
  members?: string[];

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: QUORUM_MAX, default: 1, description: 'Distinct approvers who must approve; one rejection redoes the step' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(QUORUM_MAX)
  quorum?: number;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: TIMER_MAX_MINUTES, description: 'Minutes of waiting after which the approvers get a fresh link; null: never' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(TIMER_MAX_MINUTES)
  remindAfterMinutes?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: TIMER_MAX_MINUTES, description: "Minutes of waiting after which the team's admins and owners get a link and may decide; null: never" })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(TIMER_MAX_MINUTES)
  escalateAfterMinutes?: number | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: TIMER_MAX_MINUTES, description: 'Minutes of waiting after which `onExpiry` applies; null: never' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(TIMER_MAX_MINUTES)
  expireAfterMinutes?: number | null;

  @ApiPropertyOptional({ enum: EXPIRY_ACTIONS, default: 'wait', description: 'On expiry: redo the step with a system note, stop the run, go on without the approval, or keep waiting' })
  @IsOptional()
  @IsIn(EXPIRY_ACTIONS, { message: `approvalPolicy.onExpiry must be one of: ${EXPIRY_ACTIONS.join(', ')}` })
  onExpiry?: ExpiryAction;
}

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

  @ApiPropertyOptional({ type: ApprovalPolicyDto, description: 'Only for a step that requires approval; omitted: the defaults' })
  @IsOptional()
  @IsObject({ message: 'approvalPolicy must be an object' })
  @ValidateNested()
  @Type(() => ApprovalPolicyDto)
  approvalPolicy?: ApprovalPolicyDto;
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
