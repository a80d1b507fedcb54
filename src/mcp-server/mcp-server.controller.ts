import { Controller, Delete, Get, HttpCode, MethodNotAllowedException, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { ApiAlwaysRefused, ApiErrors } from '../http/openapi/api-responses.decorator.js';
import { ErrorBodyResponse } from '../http/openapi/common.response.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { auditContextOf } from '../audit-events/audit-context.js';
import { ActiveTeam } from '../teams/auth/active-team.decorator.js';
import type { TeamContext } from '../teams/auth/team-context.js';
import { Permission } from '../teams/permissions/permission.decorator.js';
import { PlanRateLimit } from '../teams/rate-limit/rate-limit.decorator.js';
import { JsonRpcResponse } from './mcp-server.response.js';
import { McpToolsService } from './mcp-tools.service.js';

const STATELESS = 'This MCP server is stateless: POST each JSON-RPC message to /mcp';

/**
 * The Streamable HTTP endpoint, stateless: each POST gets a server and a transport of its own for
 * the caller's team, so any instance answers any request and nothing is kept between them.
 */
@ApiTags('mcp')
@ApiBearerAuth()
@Controller('mcp')
export class McpServerController {
  constructor(private readonly tools: McpToolsService) {}

  @Permission('mcp.use')
  @PlanRateLimit()
  @HttpCode(200)
  @ApiOperation({ summary: 'Send an MCP message (Streamable HTTP)' })
  @ApiOkResponse({ type: JsonRpcResponse, description: "The JSON-RPC answer to the message's request" })
  // The transport refuses a message it cannot serve with a JSON-RPC error; the app's body checks, before it, with the error body.
  @ApiResponse({
    status: 400,
    description: 'A body that is not JSON (the error body), or a message that is not JSON-RPC (a JSON-RPC error)',
    content: { 'application/json': { schema: { oneOf: [{ $ref: getSchemaPath(ErrorBodyResponse) }, { $ref: getSchemaPath(JsonRpcResponse) }] } } },
  })
  @ApiResponse({
    status: 406,
    description: 'The client does not accept both application/json and text/event-stream (a JSON-RPC error)',
    content: { 'application/json': { schema: { $ref: getSchemaPath(JsonRpcResponse) } } },
  })
  @ApiErrors(413, 415)
  @Post()
  async handle(@ActiveTeam() team: TeamContext, @Req() request: Request, @Res() response: Response): Promise<void> {
    const server = this.tools.serverFor({ team, audit: auditContextOf(request) });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    response.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response, request.body);
  }

  @Permission('mcp.use')
  @ApiOperation({ summary: "Open an MCP session's event stream" })
  @ApiAlwaysRefused(405, 'Stateless: there is no session stream; POST each message')
  @Get()
  stream(): never {
    throw new MethodNotAllowedException(STATELESS);
  }

  @Permission('mcp.use')
  @ApiOperation({ summary: 'End an MCP session' })
  @ApiAlwaysRefused(405, 'Stateless: there is no session to end')
  @Delete()
  end(): never {
    throw new MethodNotAllowedException(STATELESS);
  }
}
