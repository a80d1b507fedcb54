import { ApiProperty } from '@nestjs/swagger';
import type { ToolName } from './tools/index.js';

export class AgentResponse {
  @ApiProperty({ example: 'social' })
  id: string;

  @ApiProperty()
  niche: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ type: [String], description: 'The tools it may call' })
  tools: readonly ToolName[];
}

export class ModelsResponse {
  /** Used when a request names no model and its agent has no default of its own. */
  @ApiProperty({ example: 'offline', description: 'Used when a request names no model and its agent has no default of its own' })
  defaultModel: string;

  @ApiProperty({ type: [String] })
  models: string[];
}
