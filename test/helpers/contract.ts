import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { Ajv, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import type { Response } from 'supertest';
import { openApiDocument } from '../../src/openapi-document.js';

/**
 * Paths the document leaves out on purpose, whose answers are not checked: the document and its UI,
 * the dashboard's pages and redirects (HTML), stored files (bytes), and SCIM 2.0, which describes
 * itself (/ServiceProviderConfig, /Schemas, /ResourceTypes) as its standard asks.
 */
export const UNDOCUMENTED_PATHS = [/^\/api\/docs/, /^\/api\/openapi\.json$/, /^\/dashboard/, /^\/$/, /^\/favicon\.ico$/, /^\/files\//, /^\/scim\/v2\//];

/** Headers a client reads that the document must describe wherever an answer carries them. */
const DESCRIBED_HEADERS = ['x-conversation-id', 'retry-after'];

interface Contract {
  document: OpenAPIObject;
  /** Each path template as a pattern, literal paths before parameterised ones (as the app matches them). */
  paths: { template: string; pattern: RegExp }[];
  ajv: Ajv;
  validators: Map<object, ValidateFunction>;
}

const contracts = new WeakMap<INestApplication, Contract>();

function contractOf(app: INestApplication): Contract {
  const known = contracts.get(app);
  if (known) return known;
  const document = openApiDocument(app as NestExpressApplication);
  const paths = Object.keys(document.paths)
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      // Express's routing is not strict: a trailing slash reaches the same route, and so the same operation.
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}/?$`),
    }))
    .sort((a, b) => a.params - b.params);
  // OpenAPI 3.0 schemas: `nullable`, `example` and the like are its keywords, not JSON Schema's.
  const ajv = new Ajv({ strict: false, allErrors: true });
  // A CommonJS module: its function is its `default` export.
  ajvFormats.default(ajv);
  ajv.addSchema({ components: rebase(document.components) }, 'document');
  const contract = { document, paths, ajv, validators: new Map() };
  contracts.set(app, contract);
  return contract;
}

/**
 * An OpenAPI 3.0 schema as Ajv reads it: `#/components/schemas/X` as Ajv finds it among the schemas
 * it was given (`document#/components/schemas/X`), and a nullable class (`nullable` beside `allOf`,
 * as @nestjs/swagger writes `{ type: X, nullable: true }`) as null or X: Ajv applies `nullable` to
 * `type` only, and X's own `type: object` would refuse null.
 */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  if (nullable === true && 'allOf' in rest) return { anyOf: [{ type: 'null' }, rebase(rest)] };
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? `document${value}` : rebase(value)]),
  );
}

/**
 * The answer as the document describes it, or an error saying where they part: the status is listed
 * for the operation, a JSON body matches its schema, the headers clients read are described.
 */
export function contractViolation(app: INestApplication, response: Response): Error | undefined {
  const request = (response as unknown as { req: { method: string; path: string } }).req;
  const path = request.path.split('?')[0] ?? '';
  if (UNDOCUMENTED_PATHS.some((pattern) => pattern.test(path))) return undefined;
  const { document, paths, ajv, validators } = contractOf(app);
  // HEAD is GET without the body (RFC 9110): Express answers it with the GET route, and so does the document.
  const method = request.method === 'HEAD' ? 'get' : request.method.toLowerCase();
  const found = paths.find(({ pattern, template }) => pattern.test(path) && (document.paths[template] as Record<string, unknown>)[method]);
  const answer = `${request.method} ${path} answered ${response.status} ${JSON.stringify(response.body)?.slice(0, 300) ?? ''}`;
  if (!found) {
    // No route: the app's own 404 (or 405-like 404 for another method), in the error shape.
    return response.status === 404 ? undefined : new Error(`Contract: no operation in the document for ${answer}`);
  }
  const operation = (document.paths[found.template] as Record<string, OperationObject>)[method];
  const described = (operation.responses[String(response.status)] ?? operation.responses.default) as ResponseObject | undefined;
  if (!described) {
    return new Error(`Contract: ${operation.operationId} does not list status ${response.status} (${Object.keys(operation.responses).join(', ')}): ${answer}`);
  }
  for (const header of DESCRIBED_HEADERS) {
    const documented = Object.keys(described.headers ?? {}).some((name) => name.toLowerCase() === header);
    if (response.headers[header] !== undefined && !documented) return new Error(`Contract: ${operation.operationId} ${response.status} does not describe the ${header} header: ${answer}`);
  }
  const mediaType = String(response.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '';
  // A redirect's body (Express's "Found. Redirecting to …") is a courtesy no client reads.
  if (!mediaType || request.method === 'HEAD' || response.status === 204 || (response.status >= 300 && response.status < 400)) return undefined;
  const media = described.content?.[mediaType];
  if (!described.content || !media) {
    return new Error(`Contract: ${operation.operationId} ${response.status} does not describe a ${mediaType} body (${Object.keys(described.content ?? {}).join(', ') || 'none'}): ${answer}`);
  }
  if (mediaType !== 'application/json' || !media.schema) return undefined;
  let validate = validators.get(media.schema);
  if (!validate) {
    validate = ajv.compile(rebase(media.schema) as object);
    validators.set(media.schema, validate);
  }
  if (validate(response.body)) return undefined;
  return new Error(`Contract: ${operation.operationId} ${response.status} body does not match its schema: ${ajv.errorsText(validate.errors)}: ${answer}`);
}
