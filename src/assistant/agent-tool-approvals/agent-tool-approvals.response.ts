import { ApiProperty } from '@nestjs/swagger';
import { AGENT_IDS } from '../agents/agents.js';
import { ASSET_TOOLS, type ToolName } from '../tools/index.js';

const TOOL_NAMES = Object.keys(ASSET_TOOLS);

/** One agent of a team: its built-in tools, and which of them need a person's approval there. */
export class AgentToolApprovalsResponse {
  @ApiProperty({ enum: AGENT_IDS, example: 'social' })
  agentId: string;

  @ApiProperty({ enum: TOOL_NAMES, isArray: true, description: 'The built-in tools it may call' })
  tools: readonly ToolName[];

  @ApiProperty({ enum: TOOL_NAMES, isArray: true, description: 'Those that need approval before each call (none by default)' })
  approvalTools: ToolName[];
}
