import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsObject, IsUUID, Max, Min, ValidateIf, ValidateNested } from 'class-validator';
import { MAX_STEPS } from '../../workflow-rules/workflow-limits.js';
import { DecisionEdits, DecisionNote, STEP_DECISION_ACTIONS, type AssetEditDto, type StepDecisionAction } from './step-decision.dto.js';

/** Most decisions in one request: a page of the inbox. */
export const DECISIONS_PER_REQUEST = 50;
const SERIAL_MAX = 2_147_483_647;
export const APPROVAL_KINDS = ['plan', 'step'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

const isStep = (item: InboxDecisionDto) => item.kind === 'step';
const isPlan = (item: InboxDecisionDto) => item.kind === 'plan';

/** One decision on an item of the inbox, naming it as the inbox listed it (a step's attempt, a plan's version). */
export class InboxDecisionDto {
  @ApiProperty({ enum: APPROVAL_KINDS })
  @IsIn(APPROVAL_KINDS, { message: 'kind must be plan or step' })
  kind: ApprovalKind;

  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'workflowId must be a UUID' })
  workflowId: string;

  @ApiPropertyOptional({ type: 'integer', description: 'A step: its run' })
  @ValidateIf(isStep)
  @IsInt({ message: 'runId must be a whole number' })
  @Min(1)
  @Max(SERIAL_MAX)
  runId?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: MAX_STEPS - 1, description: 'A step: its index (0-based)' })
  @ValidateIf(isStep)
  @IsInt({ message: 'stepIndex must be a whole number' })
  @Min(0)
  @Max(MAX_STEPS - 1)
  stepIndex?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'A step: the attempt listed; a redo since is not decided' })
  @ValidateIf(isStep)
  @IsInt({ message: 'attempt must be a whole number' })
  @Min(1)
  @Max(SERIAL_MAX)
  attempt?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, description: 'A plan: the version listed; only that version is activated' })
  @ValidateIf(isPlan)
  @IsInt({ message: 'planVersion must be a whole number' })
  @Min(1)
  @Max(SERIAL_MAX)
  planVersion?: number;

  @ApiProperty({ enum: STEP_DECISION_ACTIONS, description: 'A plan is only approved (editing it is the way to change it)' })
  @IsIn(STEP_DECISION_ACTIONS, { message: 'action must be approve or reject' })
  action: StepDecisionAction;

  @DecisionNote("A step's reject: feedback for the agent")
  note?: string;

  @DecisionEdits("A step's approve: edited text assets of the step, each stored as a new version")
  edits?: AssetEditDto[];
}

/** POST /api/approvals/decide: several inbox items decided at once, each on its own. */
export class DecideApprovalsDto {
  @ApiProperty({ type: [InboxDecisionDto], maxItems: DECISIONS_PER_REQUEST })
  @IsArray({ message: 'decisions must be a list' })
  @ArrayMinSize(1, { message: `decisions must contain between 1 and ${DECISIONS_PER_REQUEST} items` })
  @ArrayMaxSize(DECISIONS_PER_REQUEST, { message: `decisions must contain between 1 and ${DECISIONS_PER_REQUEST} items` })
  @IsObject({ each: true, message: 'decisions must be a list of objects' })
  @ValidateNested({ each: true })
  @Type(() => InboxDecisionDto)
  decisions: InboxDecisionDto[];
}
