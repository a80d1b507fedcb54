import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** A registration as the API shows it: secrets masked, never their values. */
export class McpServerResponse {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ example: 'crm' })
  name: string;

  @ApiProperty({ example: 'https://mcp.example.com/mcp' })
  url: string;

  /** Each header sent, its value masked. */
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' }, description: 'Each header sent, its value masked' })
  headers: Record<string, string>;

  @ApiProperty({ type: [String], nullable: true, description: 'The tools the agents may use; null: all' })
  allowedTools: string[] | null;

  @ApiProperty({ type: [String], nullable: true, description: 'The agents that get its tools; null: all' })
  agentIds: string[] | null;

  @ApiProperty({ type: [String], description: 'Tools that wait for a person to approve each call' })
  approvalTools: string[];

  @ApiProperty({ format: 'date-time' })
  createdAt: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt: string;
}

/** One tool the server offers, and whether the agents get it. */
export class McpToolListing {
  @ApiProperty()
  name: string;

  /** The name the agents see. */
  @ApiProperty({ description: 'The name the agents see' })
  agentToolName: string;

  @ApiProperty()
  description: string;

  @ApiProperty({ enum: ['available', 'not_allowed', 'needs_approval'] })
  status: 'available' | 'not_allowed' | 'needs_approval';

  @ApiPropertyOptional()
  note?: string;
}

/** The server answered: its tools. */
export class McpConnectionReached {
  @ApiProperty({ enum: [true] })
  ok: true;

  @ApiProperty()
  serverName: string;

  @ApiProperty({ type: [McpToolListing] })
  tools: McpToolListing[];
}

/** The server could not be reached: a finding, not a failure of the request. */
export class McpConnectionFailed {
  @ApiProperty({ enum: [false] })
  ok: false;

  @ApiProperty()
  error: string;
}

/** What `POST …/test` found: the tools, or why the server could not be reached. */
export type McpConnectionTestResponse = McpConnectionReached | McpConnectionFailed;
