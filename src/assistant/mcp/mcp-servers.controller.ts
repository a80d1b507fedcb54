import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCookieAuth, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Permission } from '../../teams/permissions/permission.decorator.js';
import { CreateMcpServerDto, UpdateMcpServerDto } from './dto/mcp-server.dto.js';
import type { McpConnectionTestResponse, McpServerResponse } from './mcp-server.response.js';
import { McpServersService } from './mcp-servers.service.js';
import { McpToolsService } from './mcp-tools.service.js';

@ApiTags('teams')
@ApiBearerAuth()
@ApiCookieAuth()
@ApiForbiddenResponse({ description: "Only the team's owners and admins manage its MCP servers" })
@ApiNotFoundResponse({ description: 'Not a team of the caller, or no such server in it' })
@Controller('teams/:id/mcp-servers')
export class McpServersController {
  constructor(
    private readonly servers: McpServersService,
    private readonly tools: McpToolsService,
  ) {}

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: "List a team's MCP servers" })
  @Get()
  @ApiOkResponse({ description: '[{ id, name, url, headers (values masked), allowedTools, agentIds, approvalTools, createdAt, updatedAt }]' })
  list(@Param('id', ParseUUIDPipe) id: string): Promise<McpServerResponse[]> {
    return this.servers.list(id);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Add an MCP server' })
  @Post()
  @ApiBadRequestResponse({ description: 'A field is malformed, or the URL is refused by the outbound policy' })
  @ApiConflictResponse({ description: 'The team has a server of that name' })
  create(@Param('id', ParseUUIDPipe) id: string, @Body() dto: CreateMcpServerDto): Promise<McpServerResponse> {
    return this.servers.create(id, dto);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Get an MCP server' })
  @Get(':serverId')
  get(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string): Promise<McpServerResponse> {
    return this.servers.get(id, serverId);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Change an MCP server' })
  @Patch(':serverId')
  @ApiBadRequestResponse({ description: 'A field is malformed, or the URL is refused by the outbound policy' })
  update(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string, @Body() dto: UpdateMcpServerDto): Promise<McpServerResponse> {
    return this.servers.update(id, serverId, dto);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Remove an MCP server' })
  @Delete(':serverId')
  @ApiOkResponse({ description: '{ success: true }' })
  async remove(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string): Promise<{ success: true }> {
    await this.servers.remove(id, serverId);
    return { success: true };
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Try an MCP server: connect and list its tools' })
  @Post(':serverId/test')
  @HttpCode(200)
  @ApiOkResponse({ description: '{ ok: true, serverName, tools: [{ name, agentToolName, description, status, note? }] } or { ok: false, error }: a server that cannot be reached is a finding, not a failure of the request' })
  test(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string): Promise<McpConnectionTestResponse> {
    return this.tools.test(id, serverId);
  }
}
