import { randomUUID } from 'node:crypto';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { open, seal } from '../../common/secret-box.js';
import type { AppConfig } from '../../config/configuration.js';
import { invalid } from '../../config/environment.js';
import type { McpStdioServer } from '../../config/mcp-stdio-servers.js';
import { AGENT_IDS } from '../agents/agents.js';
import { violatedConstraint } from '../../database/database-errors.js';
import { OutboundUrlError } from '../../outbound/outbound-policy.js';
import { OutboundService } from '../../outbound/outbound.service.js';
import type { CreateMcpServerDto, UpdateMcpServerDto } from './dto/mcp-server.dto.js';
import { McpServer } from './mcp-server.entity.js';
import type { McpServerResponse } from './mcp-server.response.js';

const MASK = '********';
const MAX_HEADERS = 20;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
/** Headers the transport sets itself: a team's value would break the protocol or the request. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'accept', 'connection', 'transfer-encoding', 'mcp-session-id', 'mcp-protocol-version', 'last-event-id']);

/** A server ready to connect to: a team's registration with its headers opened, or one of the deployment's stdio servers. */
export type McpServerConnection = {
  id: string;
  name: string;
  allowedTools: string[] | null;
  approvalTools: string[];
} & ({ transport: 'http'; url: string; headers: Record<string, string> } | { transport: 'stdio'; stdio: Pick<McpStdioServer, 'command' | 'args' | 'env' | 'cwd'> });

/**
 * A team's MCP server registrations: the one owner of `mcp_servers`, and the only code that opens
 * their secrets. Also gives every team's agents the operator's stdio servers (MCP_STDIO_SERVERS_FILE),
 * which no team lists, changes or shadows.
 */
@Injectable()
export class McpServersService {
  private readonly key: Buffer;
  private readonly deployment: McpStdioServer[];

  constructor(
    @InjectRepository(McpServer) private readonly servers: Repository<McpServer>,
    private readonly outbound: OutboundService,
    config: ConfigService<AppConfig, true>,
  ) {
    const { secretsKey, stdioServers } = config.get('mcp', { infer: true });
    this.key = secretsKey;
    this.deployment = stdioServers;
    // The configuration cannot know the agents (it ranks below the assistant): checked here, so a wrong id still refuses the start.
    const problems = stdioServers.flatMap(({ name, agentIds }) =>
      (agentIds ?? []).filter((id) => !(AGENT_IDS as string[]).includes(id)).map((id) => `MCP_STDIO_SERVERS_FILE: ${name}: agentIds: ${id} is not an agent (${AGENT_IDS.join(', ')})`),
    );
    if (problems.length > 0) throw invalid(...problems);
  }

  async list(teamId: string): Promise<McpServerResponse[]> {
    return (await this.servers.find({ where: { teamId }, order: { name: 'ASC' } })).map(toResponse);
  }

  async get(teamId: string, id: string): Promise<McpServerResponse> {
    return toResponse(await this.find(teamId, id));
  }

  async create(teamId: string, dto: CreateMcpServerDto): Promise<McpServerResponse> {
    this.checkName(dto.name);
    const server = this.servers.create({
      teamId,
      name: dto.name,
      url: this.checkUrl(dto.url),
      allowedTools: dto.allowedTools ?? null,
      agentIds: dto.agentIds ?? null,
      approvalTools: dto.approvalTools ?? [],
      headerNames: [],
      sealedHeaders: null,
    });
    // The id is the sealed value's context: made here so the headers are sealed before the one insert.
    server.id = randomUUID();
    this.setHeaders(server, secretHeaders(dto));
    return toResponse(await this.save(server));
  }

  async update(teamId: string, id: string, dto: UpdateMcpServerDto): Promise<McpServerResponse> {
    const server = await this.find(teamId, id);
    if (dto.name !== undefined) server.name = this.checkName(dto.name);
    if (dto.url !== undefined) server.url = this.checkUrl(dto.url);
    if (dto.allowedTools !== undefined) server.allowedTools = dto.allowedTools;
    if (dto.agentIds !== undefined) server.agentIds = dto.agentIds;
    if (dto.approvalTools !== undefined) server.approvalTools = dto.approvalTools;
    if (dto.headers !== undefined || dto.bearerToken !== undefined) this.setHeaders(server, secretHeaders(dto));
    return toResponse(await this.save(server));
  }

  async remove(teamId: string, id: string): Promise<void> {
    const { affected } = await this.servers.delete({ teamId, id });
    if (!affected) throw notFound();
  }

  /**
   * The servers whose tools the agent gets, ready to connect to: the deployment's, then the team's.
   * A team's server registered before the operator gave its name to a deployment server is left out.
   */
  async connectionsFor(teamId: string, agentId: string): Promise<McpServerConnection[]> {
    const forAgent = (server: { agentIds: string[] | null }) => server.agentIds === null || server.agentIds.includes(agentId);
    const deployment = this.deployment.filter(forAgent).map(
      ({ name, command, args, env, cwd, allowedTools, approvalTools }): McpServerConnection => ({
        id: `stdio:${name}`,
        name,
        allowedTools,
        approvalTools,
        transport: 'stdio',
        stdio: { command, args, env, cwd },
      }),
    );
    const taken = new Set(this.deployment.map(({ name }) => name));
    const servers = await this.servers.find({ where: { teamId }, order: { name: 'ASC' } });
    return [...deployment, ...servers.filter((server) => forAgent(server) && !taken.has(server.name)).map((server) => this.connection(server))];
  }

  async connectionOf(teamId: string, id: string): Promise<McpServerConnection> {
    return this.connection(await this.find(teamId, id));
  }

  private connection(server: McpServer): McpServerConnection {
    const headers = server.sealedHeaders ? (JSON.parse(open(this.key, server.sealedHeaders, server.id)) as Record<string, string>) : {};
    return { id: server.id, name: server.name, allowedTools: server.allowedTools, approvalTools: server.approvalTools, transport: 'http', url: server.url, headers };
  }

  /** Agents see a server's tools by its name: a deployment server's name is not the team's to take. */
  private checkName(name: string): string {
    if (this.deployment.some((server) => server.name === name)) throw new ConflictException(`${name} is the name of a server of the deployment; choose another`);
    return name;
  }

  private async find(teamId: string, id: string): Promise<McpServer> {
    const server = await this.servers.findOneBy({ teamId, id });
    if (!server) throw notFound();
    return server;
  }

  private async save(server: McpServer): Promise<McpServer> {
    try {
      return await this.servers.save(server);
    } catch (error) {
      if (violatedConstraint(error, '23505')) throw new ConflictException(`The team already has an MCP server named ${server.name}`);
      throw error;
    }
  }

  private checkUrl(url: string): string {
    try {
      return this.outbound.check(url, 'mcp').toString();
    } catch (error) {
      if (error instanceof OutboundUrlError) throw new BadRequestException(error.message);
      throw error;
    }
  }

  private setHeaders(server: McpServer, headers: Record<string, string>): void {
    const names = Object.keys(headers);
    server.headerNames = names;
    server.sealedHeaders = names.length > 0 ? seal(this.key, JSON.stringify(headers), server.id) : null;
  }
}

/** The headers a request asks for, checked; a bearer token becomes `Authorization`. */
function secretHeaders(dto: Pick<CreateMcpServerDto, 'headers' | 'bearerToken'>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(dto.headers ?? {})) {
    if (!HEADER_NAME.test(name)) throw new BadRequestException(`headers: "${name.slice(0, 64)}" is not a header name`);
    if (RESERVED_HEADERS.has(name.toLowerCase())) throw new BadRequestException(`headers: ${name} is set by the connection itself`);
    if (typeof value !== 'string' || value.length > 4000 || /[\r\n\0]/.test(value)) {
      throw new BadRequestException(`headers: the value of ${name} must be a single-line string of at most 4000 characters`);
    }
    headers[name] = value;
  }
  if (dto.bearerToken !== undefined) {
    if (/[\r\n\0\s]/.test(dto.bearerToken)) throw new BadRequestException('bearerToken must not contain spaces or line breaks');
    if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
      throw new BadRequestException('Give either bearerToken or an Authorization header, not both');
    }
    headers.Authorization = `Bearer ${dto.bearerToken}`;
  }
  if (Object.keys(headers).length > MAX_HEADERS) throw new BadRequestException(`headers: at most ${MAX_HEADERS}`);
  return headers;
}

function notFound(): NotFoundException {
  return new NotFoundException('MCP server not found');
}

function toResponse(server: McpServer): McpServerResponse {
  return {
    id: server.id,
    name: server.name,
    url: server.url,
    headers: Object.fromEntries(server.headerNames.map((name) => [name, MASK])),
    allowedTools: server.allowedTools,
    agentIds: server.agentIds,
    approvalTools: server.approvalTools,
    createdAt: server.createdAt.toISOString(),
    updatedAt: server.updatedAt.toISOString(),
  };
}
