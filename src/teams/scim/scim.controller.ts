import { Body, Controller, Delete, Get, HttpCode, HttpException, Param, Patch, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import SCIMMY from 'scimmy';
import { Public } from '../../common/public.decorator.js';
import { AcceptsBodyTypes } from '../../http/accepts-body-type.decorator.js';
import { auditContextOf, type AuditContext } from '../../audit-events/audit-context.js';
import { AuditService } from '../../audit-events/audit.service.js';
import { DataSource } from 'typeorm';
import { RateLimit } from '../rate-limit/rate-limit.decorator.js';
import { type ScimRequest, ScimTokenGuard } from './scim-token.guard.js';
import { ScimResources } from './scim-resources.js';
import { SCIM_CONTENT_TYPE } from './scim-error.shape.js';

const COLLECTIONS = ['Users', 'Groups'];
const MEMBERS = ['Users/:id', 'Groups/:id'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ListQuery = Record<string, string | undefined>;

/**
 * SCIM 2.0 (RFC 7643/7644) for identity providers: a thin layer over scimmy, which checks bodies
 * against the schemas, applies PATCH operations and filters; ScimResources maps them to accounts
 * and groups. Public to the session guards: ScimTokenGuard checks the operator's bearer token.
 */
@ApiExcludeController()
@Public()
@UseGuards(ScimTokenGuard)
@AcceptsBodyTypes(SCIM_CONTENT_TYPE)
@RateLimit('scim')
@Controller('scim/v2')
export class ScimController {
  constructor(
    private readonly resources: ScimResources,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
  ) {}

  @Get('ServiceProviderConfig')
  serviceProviderConfig(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response): Promise<unknown> {
    return this.call(request, response, () => new SCIMMY.Resources.ServiceProviderConfig().read());
  }

  @Get('ResourceTypes')
  resourceTypes(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response): Promise<unknown> {
    return this.call(request, response, () => new SCIMMY.Resources.ResourceType().read());
  }

  @Get('ResourceTypes/:name')
  resourceType(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Param('name') name: string): Promise<unknown> {
    return this.call(request, response, () => new SCIMMY.Resources.ResourceType(name).read());
  }

  @Get('Schemas')
  schemas(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response): Promise<unknown> {
    return this.call(request, response, () => new SCIMMY.Resources.Schema().read());
  }

  @Get('Schemas/:id')
  schema(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Param('id') id: string): Promise<unknown> {
    return this.call(request, response, () => new SCIMMY.Resources.Schema(id).read());
  }

  @Get(COLLECTIONS)
  list(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Query() query: ListQuery): Promise<unknown> {
    return this.call(request, response, (audit) => new (this.resourceOf(request))(undefined, listConfig(query)).read(audit));
  }

  @Get(MEMBERS)
  get(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Param('id') id: string): Promise<unknown> {
    return this.call(request, response, (audit) => new (this.resourceOf(request))(idOf(id)).read(audit));
  }

  @Post(COLLECTIONS)
  @HttpCode(201)
  create(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Body() body: unknown): Promise<unknown> {
    return this.call(request, response, (audit) => new (this.resourceOf(request))().write(body, audit));
  }

  @Put(MEMBERS)
  replace(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Param('id') id: string, @Body() body: unknown): Promise<unknown> {
    return this.call(request, response, (audit) => new (this.resourceOf(request))(idOf(id)).write(body, audit));
  }

  @Patch(MEMBERS)
  async patch(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Param('id') id: string, @Body() body: unknown): Promise<unknown> {
    const result = await this.call(request, response, (audit) => new (this.resourceOf(request))(idOf(id)).patch(normalizedPatch(body), audit));
    // scimmy answers a PATCH that changed nothing with no resource: 204, as RFC 7644 §3.5.2 allows.
    if (result === undefined) response.status(204);
    return result;
  }

  @Delete(MEMBERS)
  @HttpCode(204)
  async delete(@Req() request: ScimRequest, @Res({ passthrough: true }) response: Response, @Param('id') id: string): Promise<void> {
    await this.call(request, response, (audit) => new (this.resourceOf(request))(idOf(id)).dispose(audit));
  }

  private resourceOf(request: ScimRequest): typeof SCIMMY.Resources.User | typeof SCIMMY.Resources.Group {
    return request.path.startsWith('/scim/v2/Users') ? this.resources.users : this.resources.groups;
  }

  /** Runs one SCIM operation as actor `scim`, records the call, and turns scimmy's errors into SCIM error answers. */
  private async call(request: ScimRequest, response: Response, operation: (audit: AuditContext) => Promise<unknown>): Promise<unknown> {
    const audit: AuditContext = { ...auditContextOf(request), actor: { type: 'scim', id: null, tokenId: request.scimTokenId } };
    response.type(SCIM_CONTENT_TYPE);
    let status = 200;
    try {
      const result = await operation(audit);
      // scimmy's schema instances, as the plain JSON they serialize to.
      return result === undefined ? undefined : (JSON.parse(JSON.stringify(result)) as unknown);
    } catch (error) {
      const refusal = asHttpException(error);
      status = refusal.getStatus();
      throw refusal;
    } finally {
      await this.audit.record(this.dataSource.manager, audit, {
        teamId: null,
        action: 'scim.request',
        changes: { method: request.method, path: request.path, ...(status === 200 ? {} : { status }) },
      });
    }
  }
}

function idOf(id: string): string {
  if (!UUID.test(id)) throw new SCIMMY.Types.Error(404, undefined as unknown as string, `Resource ${id} not found`);
  return id.toLowerCase();
}

function listConfig(query: ListQuery): { filter?: string; startIndex?: number; count?: number; attributes?: string; excludedAttributes?: string } {
  const number = (value: string | undefined, name: string): number | undefined => {
    if (value === undefined) return undefined;
    if (!/^\d{1,6}$/.test(value)) throw new SCIMMY.Types.Error(400, 'invalidValue', `${name} must be a whole number`);
    return Number(value);
  };
  const text = (value: unknown, name: string): string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || value.length > 1000) throw new SCIMMY.Types.Error(400, 'invalidValue', `${name} must be one string of at most 1000 characters`);
    return value;
  };
  const config = {
    filter: text(query.filter, 'filter'),
    attributes: text(query.attributes, 'attributes'),
    excludedAttributes: text(query.excludedAttributes, 'excludedAttributes'),
    startIndex: number(query.startIndex, 'startIndex'),
    count: Math.min(number(query.count, 'count') ?? 100, 1000),
  };
  // scimmy reads a key that is present as given, even undefined.
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined));
}

/**
 * Microsoft Entra ID sends booleans as the strings "True"/"False" (`{op:"Replace", path:"active",
 * value:"False"}`); scimmy wants JSON booleans. Other values pass through for scimmy to check.
 */
function normalizedPatch(body: unknown): { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp']; Operations: [] } {
  const message = body as { Operations?: unknown };
  if (message && typeof message === 'object' && Array.isArray(message.Operations)) {
    message.Operations = message.Operations.map((operation: unknown) => {
      if (!operation || typeof operation !== 'object') return operation;
      const { path, value } = operation as { path?: unknown; value?: unknown };
      if (typeof path === 'string' && path.toLowerCase() === 'active') return { ...operation, value: booleanOf(value) };
      if (value && typeof value === 'object' && !Array.isArray(value) && 'active' in value) {
        return { ...operation, value: { ...value, active: booleanOf((value).active) } };
      }
      return operation;
    });
  }
  return message as { schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp']; Operations: [] };
}

function booleanOf(value: unknown): unknown {
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return value;
}

/** scimmy's errors (and anything thrown inside its handlers) as the HttpException the SCIM error shape renders. */
function asHttpException(error: unknown): HttpException {
  if (error instanceof HttpException) return error;
  if (error instanceof SCIMMY.Types.Error) {
    return Object.assign(new HttpException(error.message, error.status), error.scimType ? { scimType: error.scimType } : {});
  }
  throw error;
}
