import { STATUS_CODES } from 'node:http';
import { ConfigService } from '@nestjs/config';
import { GUARDS_METADATA, HTTP_CODE_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, getSchemaPath, SwaggerModule, type OpenAPIObject, type OperationObject, type ResponseObject } from '@nestjs/swagger';
import type { AppConfig } from './config/configuration.js';
import { IS_PUBLIC } from './common/public.decorator.js';
import { ALWAYS_REFUSED } from './http/openapi/api-responses.decorator.js';
import { ErrorBodyResponse, OpenAiErrorBodyResponse } from './http/openapi/common.response.js';
import { OPENAI_API_PREFIX } from './openai-api/openai-exception.filter.js';
import { LoginThrottleGuard } from './teams/auth/login-throttle/login-throttle.guard.js';
import { SESSION_COOKIE } from './teams/auth/session-token.js';
import { RATE_LIMITED_BY } from './teams/rate-limit/rate-limit.decorator.js';

/** Where the document is served (public), beside the UI at /api/docs. */
export const OPENAPI_DOCUMENT_PATH = 'api/openapi.json';
export const OPENAPI_UI_PATH = 'api/docs';

/** What the document reads off a route's handler besides @nestjs/swagger's own metadata. */
interface HandlerFacts {
  public: boolean;
  /** Behind a limiter that answers 429 with Retry-After. */
  rateLimited: boolean;
  /** Its @HttpCode(), where it sets one. */
  httpCode: number | undefined;
  /** @ApiAlwaysRefused(): no success to describe. */
  alwaysRefused: boolean;
}

const documents = new WeakMap<NestExpressApplication, OpenAPIObject>();

/**
 * The app's OpenAPI document, built once per app from the controllers' decorators: what
 * configureApp serves at /api/openapi.json, and what the e2e suite checks every response against.
 */
export function openApiDocument(app: NestExpressApplication): OpenAPIObject {
  const built = documents.get(app) ?? buildOpenApiDocument(app, app.get<ConfigService<AppConfig, true>>(ConfigService).get('app', { infer: true }).publicUrl);
  documents.set(app, built);
  return built;
}

/**
 * The document of an app whose routes are registered, started or not: `npm run openapi` builds it
 * from an app created in preview mode (no database, no providers), for the dashboard's client.
 */
export function buildOpenApiDocument(app: NestExpressApplication, publicUrl: string): OpenAPIObject {
  const facts = handlerFacts(app);
  const handlerOf = new Map<string, string>();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Assistant API')
      .setDescription('Chat with AI agents that produce assets; LLM-planned workflows approved by email; an OpenAI-compatible API under /v1.')
      .setVersion('1')
      .setLicense('UNLICENSED', `${publicUrl}/api/docs`)
      .addServer(publicUrl)
      .addBearerAuth({ type: 'http', scheme: 'bearer', description: "A session's access token (a JWT) or a long-lived API token" })
      .addCookieAuth(SESSION_COOKIE, { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie login sets (browsers)' })
      .addSecurityRequirements('bearer')
      .addSecurityRequirements('cookie')
      .build(),
    {
      extraModels: [ErrorBodyResponse, OpenAiErrorBodyResponse],
      operationIdFactory: (controllerKey, methodKey) => {
        const id = operationId(controllerKey, methodKey);
        handlerOf.set(id, `${controllerKey}#${methodKey.replace(/\[\d+\]$/, '')}`);
        return id;
      },
    },
  );
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OperationObject][]) {
      const handler = facts.get(handlerOf.get(operation.operationId ?? '') ?? '');
      // A public route may still read a credential of its own (a trigger token), which its decorators name.
      if (handler?.public && operation.security === undefined) operation.security = [];
      describeSuccess(method, operation, handler);
      describeErrors(path, operation, handler);
    }
  }
  return document;
}

/** `AssetsController`, `list` → `assetsList`; an alias path's `invite[1]` → `teamsInvite1`. */
function operationId(controllerKey: string, methodKey: string): string {
  const controller = controllerKey.replace(/Controller$/, '');
  const method = methodKey.replace(/\[(\d+)\]$/, (_, index: string) => (index === '0' ? '' : index));
  return `${controller.charAt(0).toLowerCase()}${controller.slice(1)}${method.charAt(0).toUpperCase()}${method.slice(1)}`;
}

function handlerFacts(app: NestExpressApplication): Map<string, HandlerFacts> {
  const facts = new Map<string, HandlerFacts>();
  const scanner = new MetadataScanner();
  for (const { metatype } of new DiscoveryService(app.get(ModulesContainer)).getControllers()) {
    if (typeof metatype !== 'function') continue;
    const prototype = metatype.prototype as Record<string, object>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      const read = <T>(key: string): T | undefined => (Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, metatype)) as T | undefined;
      const guards = read<unknown[]>(GUARDS_METADATA) ?? [];
      facts.set(`${metatype.name}#${name}`, {
        public: read<boolean>(IS_PUBLIC) === true,
        httpCode: Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined,
        alwaysRefused: Reflect.getMetadata(ALWAYS_REFUSED, handler) === true,
        rateLimited: (read<unknown[]>(RATE_LIMITED_BY)?.length ?? 0) > 0 || guards.includes(LoginThrottleGuard),
      });
    }
  }
  return facts;
}

/**
 * @nestjs/swagger adds the success answer only to a route that declares no answer at all: one that
 * declares its refusals gets its success here, with the status Nest answers (@HttpCode(), else 201
 * for POST and 200 otherwise).
 */
function describeSuccess(method: string, operation: OperationObject, handler: HandlerFacts | undefined): void {
  if (handler?.alwaysRefused || Object.keys(operation.responses).some((status) => Number(status) < 400)) return;
  const status = handler?.httpCode ?? (method === 'post' ? 201 : 200);
  operation.responses[status] = { description: STATUS_CODES[status] ?? 'Success' };
}

/**
 * The refusals every route of a kind can answer, added here from what the app does rather than
 * repeated on each route: 503 everywhere (an outage of the database or Redis, a draining instance),
 * 401 and 403 behind authentication (no or a revoked credential; a role, a token's scope, a
 * cross-site write), 400/413/415 with a body, 400 with parameters, 404 with a path parameter, 429
 * behind a limiter. Each error answer gets the one error body: OpenAI's under /v1.
 */
function describeErrors(path: string, operation: OperationObject, handler: HandlerFacts | undefined): void {
  const implied = new Set<number>([503]);
  if (operation.security === undefined || operation.security.length > 0) implied.add(401).add(403);
  if (operation.requestBody) implied.add(400).add(413).add(415);
  if ((operation.parameters ?? []).length > 0) implied.add(400);
  if (path.includes('{')) implied.add(404);
  if (handler?.rateLimited) implied.add(429);
  const errorSchema = { $ref: getSchemaPath(path.startsWith(OPENAI_API_PREFIX) ? OpenAiErrorBodyResponse : ErrorBodyResponse) };
  for (const status of implied) operation.responses[status] ??= { description: STATUS_CODES[status] ?? 'Error' };
  for (const [status, response] of Object.entries(operation.responses) as [string, ResponseObject][]) {
    if (Number(status) < 400) continue;
    response.content ??= { 'application/json': { schema: errorSchema } };
    if (status === '429' || status === '503') {
      response.headers = {
        ...response.headers,
        'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      };
    }
  }
}
