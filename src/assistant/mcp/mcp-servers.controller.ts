import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiConflictResponse, ApiCookieAuth, ApiForbiddenResponse, ApiCreatedResponse, ApiExtraModels, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { SuccessResponse } from '../../http/openapi/common.response.js';
import { Permission } from '../../teams/permissions/permission.decorator.js';
import { CreateMcpServerDto, UpdateMcpServerDto } from './dto/mcp-server.dto.js';
import { McpConnectionFailed, McpConnectionReached, type McpConnectionTestResponse, McpServerResponse } from './mcp-server.response.js';
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
  @ApiOkResponse({ type: [McpServerResponse], description: 'Header values masked' })
  list(@Param('id', ParseUUIDPipe) id: string): Promise<McpServerResponse[]> {
    return this.servers.list(id);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Add an MCP server' })
  @ApiCreatedResponse({ type: McpServerResponse })
  @Post()
  @ApiBadRequestResponse({ description: 'A field is malformed, or the URL is refused: its host is not in MCP_ALLOWED_HOSTS (unset: none), or it is private, loopback or plain http without being listed there' })
  @ApiConflictResponse({ description: 'The team, or the deployment, has a server of that name' })
  create(@Param('id', ParseUUIDPipe) id: string, @Body() dto: CreateMcpServerDto): Promise<McpServerResponse> {
    return this.servers.create(id, dto);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Get an MCP server' })
  @Get(':serverId')
  @ApiOkResponse({ type: McpServerResponse })
  get(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string): Promise<McpServerResponse> {
    return this.servers.get(id, serverId);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Change an MCP server' })
  @Patch(':serverId')
  @ApiOkResponse({ type: McpServerResponse })
  @ApiBadRequestResponse({ description: 'A field is malformed, or the URL is refused: its host is not in MCP_ALLOWED_HOSTS (unset: none), or it is private, loopback or plain http without being listed there' })
  @ApiConflictResponse({ description: 'The team, or the deployment, has a server of that name' })
  update(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string, @Body() dto: UpdateMcpServerDto): Promise<McpServerResponse> {
    return this.servers.update(id, serverId, dto);
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Remove an MCP server' })
  @Delete(':serverId')
  @ApiOkResponse({ type: SuccessResponse })
  async remove(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string): Promise<SuccessResponse> {
    await this.servers.remove(id, serverId);
    return { success: true };
  }

  @Permission('team.mcp_servers', { teamParam: 'id' })
  @ApiOperation({ summary: 'Try an MCP server: connect and list its tools' })
  @Post(':serverId/test')
  @HttpCode(200)
  @ApiExtraModels(McpConnectionReached, McpConnectionFailed)
  @ApiOkResponse({
    schema: { oneOf: [{ $ref: getSchemaPath(McpConnectionReached) }, { $ref: getSchemaPath(McpConnectionFailed) }] },
    description: 'Its tools, or why it could not be reached: a server that cannot be reached is a finding, not a failure of the request',
  })
  test(@Param('id', ParseUUIDPipe) id: string, @Param('serverId', ParseUUIDPipe) serverId: string): Promise<McpConnectionTestResponse> {
    return this.tools.test(id, serverId);
  }
}
