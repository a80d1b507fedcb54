import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { RUN_STATUSES, type RunStatus } from '../workflow-runs/workflow-run.entity.js';
import { STEP_DECISION_ACTIONS, type StepDecisionAction } from './dto/step-decision.dto.js';

export class StepDecisionResponse {
  @ApiProperty({ type: 'integer' })
  runId: number;

  @ApiProperty({ type: 'integer' })
  stepIndex: number;

  @ApiProperty({ enum: STEP_DECISION_ACTIONS })
  action: StepDecisionAction;

  /** The run's status once the decision is applied: it goes on (or redoes the step). */
  @ApiProperty({ enum: RUN_STATUSES, description: "The run's status once the decision is applied: it goes on (or redoes the step)" })
  status: RunStatus;
}

/** What a step made, as an approval names it. */
export class MadeAssetResponse {
  @ApiProperty({ type: 'integer' })
  id: number;

  @ApiProperty({ example: 'document' })
  type: string;

  @ApiProperty()
  title: string;
}

class InboxItemBase {
  @ApiProperty({ format: 'uuid' })
  workflowId: string;

  @ApiProperty()
  workflowTitle: string;

  /** When it began to wait. */
  @ApiProperty({ format: 'date-time', description: 'When it began to wait' })
  waitingSince: string;

  /** How long it has waited, in seconds. */
  @ApiProperty({ type: 'integer', description: 'How long it has waited, in seconds' })
  ageSeconds: number;

  /** When the newest mailed link expires (24 h for a plan, 2 h for a step); past it, only the inbox or a fresh mail decides. */
  @ApiProperty({ format: 'date-time', description: 'When the newest mailed link expires (24 h for a plan, 2 h for a step)' })
  dueAt: string;
}

/** GET /api/approvals: a draft whose plan approval waits for the caller. */
export class PlanInboxItem extends InboxItemBase {
  @ApiProperty({ enum: ['plan'] })
  kind: 'plan';

  @ApiProperty({ type: 'integer' })
  planVersion: number;

  @ApiProperty({ type: 'integer' })
  stepCount: number;
}

/** A call of a tool that needs approval, as a step's agent asked to make it. */
export class ToolCallResponse {
  @ApiProperty({ example: 'format_post', description: 'The tool, as the agent names it (a team MCP tool: mcp_<server>__<tool>)' })
  toolName: string;

  @ApiProperty({ description: 'The arguments the agent gave it', type: 'object', additionalProperties: true, example: { topic: 'Launch day' } })
  input: unknown;
}

/** GET /api/approvals: a step the caller may decide. */
export class StepInboxItem extends InboxItemBase {
  @ApiProperty({ enum: ['step'] })
  kind: 'step';

  @ApiProperty({ type: 'integer' })
  runId: number;

  @ApiProperty({ type: 'integer' })
  runNumber: number;

  @ApiProperty({ type: 'integer' })
  stepIndex: number;

  @ApiProperty()
  stepDescription: string;

  @ApiProperty({ type: 'integer' })
  attempt: number;

  /** The assets this attempt made, oldest first. */
  @ApiProperty({ type: [MadeAssetResponse], description: 'The assets this attempt made, oldest first' })
  made: MadeAssetResponse[];

  /** The step's reply, cut to a preview. */
  @ApiProperty({ description: "The step's reply, cut to a preview" })
  output: string;

  /** The agent's tool calls the step waits on: approved, they run; rejected, they are refused. Null when the step's reply waits for review. */
  @ApiProperty({
    type: [ToolCallResponse],
    nullable: true,
    description: "The agent's calls of tools that need approval the step waits on: approve runs them, reject refuses them (the note is the reason). Null when the step's reply waits for review",
  })
  toolCalls: ToolCallResponse[] | null;
}

export type InboxItem = PlanInboxItem | StepInboxItem;

/** POST /api/approvals/decide: one decision's outcome, in the order asked. */
export class InboxDecisionResult {
  @ApiProperty({ enum: ['plan', 'step'] })
  kind: 'plan' | 'step';

  @ApiProperty({ format: 'uuid' })
  workflowId: string;

  @ApiPropertyOptional({ type: 'integer' })
  runId?: number;

  @ApiPropertyOptional({ type: 'integer' })
  stepIndex?: number;

  @ApiProperty({ enum: STEP_DECISION_ACTIONS })
  action: StepDecisionAction;

  /** 200 applied; otherwise the status (403, 404, 409) the single decision's route would answer, and nothing changed. */
  @ApiProperty({ type: 'integer', example: 409, description: "200 applied; otherwise the status the single decision's route would answer, and nothing changed" })
  status: number;

  @ApiProperty()
  message: string;
}

export class InboxDecisionsResponse {
  @ApiProperty({ type: [InboxDecisionResult], description: 'Per decision, in the order asked' })
  results: InboxDecisionResult[];
}

/** POST /api/workflows/:id/runs/:runId/approval-mail: a fresh step approval link is on its way. */
export class StepApprovalMailResponse {
  @ApiProperty()
  message: string;

  /** Where the link goes: whoever started the run (the workflow's creator for scheduled runs), as for the first mail. */
  @ApiProperty({ type: [String], description: "Where the link goes: whoever started the run (the workflow's creator for scheduled runs)" })
  sentTo: string[];

  @ApiProperty({ type: 'integer' })
  stepIndex: number;

  @ApiProperty({ type: 'integer' })
  attempt: number;
}
