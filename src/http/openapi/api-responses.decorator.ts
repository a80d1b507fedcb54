import { applyDecorators, SetMetadata, type Type } from '@nestjs/common';
import { ApiExtraModels, ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import { ErrorBodyResponse } from './common.response.js';

/**
 * Error statuses a route answers beyond those the document adds to every route of its kind
 * (openapi-document.ts: 401/403 behind sign-in, 400 with input, 404 with a path parameter, 429
 * behind a limiter, 503): each with the shared error body, which the document builder fills in.
 */
export const ApiErrors = (...statuses: number[]) =>
  applyDecorators(...statuses.map((status) => ApiResponse({ status, description: STATUS_CODES[status] ?? 'Error' })));

/** Marks a route that never succeeds (a method kept only to refuse it): the document gives it no success answer. */
export const ALWAYS_REFUSED = 'openapi:always-refused';

/** A route that always answers this refusal, and nothing else. */
export const ApiAlwaysRefused = (status: number, description: string) =>
  applyDecorators(SetMetadata(ALWAYS_REFUSED, true), ApiResponse({ status, description }));

/** Headers a client reads beside an answer, each a string: name → what it says. */
function stringHeaders(headers: Record<string, string>) {
  return Object.fromEntries(Object.entries(headers).map(([name, about]) => [name, { description: about, schema: { type: 'string' } }]));
}

const EVENT_STREAM = { 'text/event-stream': { schema: { type: 'string', description: 'Server-sent events' } } };

/** A success answer that is a stream of server-sent events, with the headers a client reads beside it. */
export const ApiEventStream = (description: string, headers: Record<string, string> = {}) =>
  ApiResponse({ status: 200, description, content: EVENT_STREAM, headers: stringHeaders(headers) });

/** A success answer that is the JSON of a response class, or (the request asked to stream) server-sent events. */
export const ApiJsonOrEventStream = (type: Type, description: string, headers: Record<string, string> = {}) =>
  applyDecorators(
    ApiExtraModels(type),
    ApiResponse({
      status: 200,
      description,
      content: { 'application/json': { schema: { $ref: getSchemaPath(type) } }, ...EVENT_STREAM },
      headers: stringHeaders(headers),
    }),
  );

/** A redirect, with where it goes in its Location header. */
export const ApiRedirect = (status: 301 | 302 | 303, description: string) =>
  ApiResponse({ status, description, headers: { Location: { description: 'Where the client is sent', schema: { type: 'string' } } } });

/** An HTML page (the approval links' confirmation and result pages). */
export const ApiHtmlPage = (status: number, description: string) =>
  ApiResponse({ status, description, content: { 'text/html': { schema: { type: 'string' } } } });

/**
 * Refusals of a route a browser opens from a mail: the error body as JSON, or as a page for a
 * client that asks for HTML.
 */
export const ApiErrorPages = (...statuses: number[]) =>
  applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: STATUS_CODES[status] ?? 'Error',
        content: { 'application/json': { schema: { $ref: getSchemaPath(ErrorBodyResponse) } }, 'text/html': { schema: { type: 'string' } } },
      }),
    ),
  );
