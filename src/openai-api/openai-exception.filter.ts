import { HttpException } from '@nestjs/common';
import type { Request } from 'express';
import type { ErrorBody, ErrorShape } from '../http/all-exceptions.filter.js';

/** Where the OpenAI-compatible API lives, outside the /api prefix. */
export const OPENAI_API_PREFIX = '/v1';

/** OpenAI's error body: what its SDKs read into their error classes. */
export interface OpenAiErrorBody {
  error: OpenAiError;
}

export interface OpenAiError {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

/** Extra fields an exception's response may carry for OpenAI clients: `new BadRequestException({ message, param })`. */
interface OpenAiErrorDetails {
  param?: string;
  code?: string;
}

const TYPES: Record<number, { type: string; code: string | null }> = {
  401: { type: 'authentication_error', code: 'invalid_api_key' },
  // The team's monthly token budget is used up: answered as 429 (statusOf), as OpenAI answers a spent quota.
  402: { type: 'insufficient_quota', code: 'insufficient_quota' },
  403: { type: 'permission_error', code: null },
  404: { type: 'not_found_error', code: null },
  409: { type: 'invalid_request_error', code: 'conflict' },
  413: { type: 'invalid_request_error', code: 'request_too_large' },
  415: { type: 'invalid_request_error', code: 'unsupported_media_type' },
  429: { type: 'rate_limit_error', code: 'rate_limit_exceeded' },
  503: { type: 'server_error', code: 'service_unavailable' },
};

/**
 * Errors of requests under /v1 (guards, body parser, validation, services, unknown paths, a
 * draining instance's refusal) in OpenAI's shape; the app's error filter renders through it.
 */
export const openAiErrorShape: ErrorShape = {
  claims: isOpenAiRequest,
  render: (body, exception) => openAiErrorBody(body.statusCode, body.message, detailsOf(exception)),
  // OpenAI's SDKs know no 402: a spent quota is their 429 (RateLimitError), told apart by its code.
  statusOf: (body) => (isBudgetRefusal(body) ? 429 : body.statusCode),
  // Unlike a rate limit's 429, a spent budget lasts until the month turns: the openai client's own retries would only wait.
  headersOf: (body): Record<string, string> => (isBudgetRefusal(body) ? { 'x-should-retry': 'false' } : {}),
};

/** The app's 402: the team's monthly token budget is used up (BudgetExhaustedException). */
function isBudgetRefusal(body: ErrorBody): boolean {
  return body.statusCode === 402;
}

export function openAiErrorBody(status: number, message: string | string[], details: OpenAiErrorDetails = {}): OpenAiErrorBody {
  const kind = TYPES[status] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null };
  return {
    error: {
      message: Array.isArray(message) ? message.join('; ') : message,
      type: kind.type,
      param: details.param ?? null,
      code: details.code ?? kind.code,
    },
  };
}

export function isOpenAiRequest(request: Request): boolean {
  const path = request.originalUrl.split('?')[0];
  return path === OPENAI_API_PREFIX || path.startsWith(`${OPENAI_API_PREFIX}/`);
}

function detailsOf(exception: unknown): OpenAiErrorDetails {
  const payload = exception instanceof HttpException ? exception.getResponse() : undefined;
  if (typeof payload !== 'object' || payload === null) return {};
  // `field`: the first field a validation 400 (validationExceptionFactory) names.
  const { param, field, code } = payload as Record<string, unknown>;
  const named = [param, field].find((value): value is string => typeof value === 'string' && value !== '');
  return { param: named, code: typeof code === 'string' ? code : undefined };
}
