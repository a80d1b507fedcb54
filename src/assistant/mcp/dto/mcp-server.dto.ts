import { ApiPropertyOptional, ApiProperty, PartialType } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsObject, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { AGENT_IDS, type AgentId } from '../../agents/agents.js';

/** A tool name as MCP servers write them. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,64}$/;

export class CreateMcpServerDto {
  @ApiProperty({ description: 'Lower-case letters, digits and underscores; prefixes its tools (`mcp_<name>__<tool>`)', example: 'cms' })
  @IsString()
  @Matches(/^[a-z0-9_]{1,24}$/, { message: 'name must be 1 to 24 lower-case letters, digits or underscores' })
  name: string;

  @ApiProperty({ description: 'The Streamable HTTP (or SSE) endpoint, on a host MCP_ALLOWED_HOSTS lists: https, or http only to a host listed by name or address' })
  @IsString()
  @MaxLength(2000)
  url: string;

  @ApiPropertyOptional({ description: 'Headers sent with every request (stored encrypted, never shown again)', type: 'object', additionalProperties: { type: 'string' } })
  @IsOptional()
  @IsObject()
  headers?: Record<string, string>;

  @ApiPropertyOptional({ description: 'Sent as `Authorization: Bearer <token>` (stored encrypted, never shown again)' })
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(4000)
  bearerToken?: string;

  @ApiPropertyOptional({ description: 'The tools the agents may use; null or absent: all the server offers', type: [String], nullable: true })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @Matches(TOOL_NAME, { each: true, message: 'allowedTools must be tool names' })
  allowedTools?: string[] | null;

  @ApiPropertyOptional({ description: 'The agents that get its tools; null or absent: every agent', enum: AGENT_IDS, isArray: true, nullable: true })
  @IsOptional()
  @IsArray()
  @IsIn(AGENT_IDS, { each: true, message: `agentIds must be among: ${AGENT_IDS.join(', ')}` })
  agentIds?: AgentId[] | null;

  @ApiPropertyOptional({ description: 'Tools that need a person\'s approval before each call: a chat asks the user (AI SDK tool approval), a run step pauses for a decision; /v1 and MCP clients refuse them', type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @Matches(TOOL_NAME, { each: true, message: 'approvalTools must be tool names' })
  approvalTools?: string[];
}

/** Any field of a registration; headers or bearerToken given replace the stored secrets (`headers: {}` removes them). */
export class UpdateMcpServerDto extends PartialType(CreateMcpServerDto) {}
