import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsInt, IsObject, IsOptional, IsString, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { ASSET_EDIT_MAX_LENGTH } from '../../assets/asset-types.js';
import { MAX_STEPS } from '../../workflow-rules/workflow-limits.js';
import { NOTE_MAX_LENGTH } from '../approval-limits.js';
export const STEP_DECISION_ACTIONS = ['approve', 'reject'] as const;
export type StepDecisionAction = (typeof STEP_DECISION_ACTIONS)[number];

/** Most assets one decision may edit. */
export const EDITS_PER_DECISION = 20;

/** An approver's new text for a text asset the awaiting step made, stored as its next version when approving. */
export class AssetEditDto {
  @ApiProperty({ type: 'integer', minimum: 1 })
  @IsInt({ message: 'assetId must be a whole number' })
  @Min(1)
  @Max(2_147_483_647)
  assetId: number;

  @ApiProperty({ maxLength: ASSET_EDIT_MAX_LENGTH })
  @IsString({ message: 'content must be text' })
  @MaxLength(ASSET_EDIT_MAX_LENGTH, { message: `content must be at most ${ASSET_EDIT_MAX_LENGTH} characters` })
  content: string;
}

/** A decision's optional note (trimmed; blank reads as none), as every way of deciding a step takes it. */
export function DecisionNote(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ maxLength: NOTE_MAX_LENGTH, description }),
    IsOptional(),
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: 'note must be text' }),
    MaxLength(NOTE_MAX_LENGTH, { message: `note must be at most ${NOTE_MAX_LENGTH} characters` }),
  );
}

/** A decision's optional edits of the step's text assets, as every way of approving a step takes them. */
export function DecisionEdits(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: [AssetEditDto], maxItems: EDITS_PER_DECISION, description }),
    IsOptional(),
    IsArray({ message: 'edits must be a list' }),
    ArrayMaxSize(EDITS_PER_DECISION, { message: `edits must contain at most ${EDITS_PER_DECISION} items` }),
    IsObject({ each: true, message: 'edits must be a list of objects' }),
    ValidateNested({ each: true }),
    Type(() => AssetEditDto),
  );
}

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

  @DecisionNote('Feedback for the agent, with reject; blank reads as none')
  note?: string;

  @DecisionEdits('With approve only: edited text assets of the step, each stored as a new version')
  edits?: AssetEditDto[];
}
