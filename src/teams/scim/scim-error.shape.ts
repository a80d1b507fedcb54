import type { Request } from 'express';
import type { ErrorBody, ErrorShape } from '../../http/all-exceptions.filter.js';

export const SCIM_PATH = '/scim/v2';
export const SCIM_CONTENT_TYPE = 'application/scim+json';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** A refusal with SCIM's own `scimType` (RFC 7644 §3.12), e.g. `invalidValue`, `uniqueness`. */
export interface ScimTypedError {
  scimType?: string;
}

/** Errors under /scim/v2 in SCIM's shape (RFC 7644 §3.12): the status as a string, and `detail`. */
export const scimErrorShape: ErrorShape = {
  claims: (request: Request) => request.path === SCIM_PATH || request.path.startsWith(`${SCIM_PATH}/`),
  render: (body: ErrorBody, exception: unknown) => {
    const scimType = (exception as { scimType?: unknown } | null)?.scimType;
    return {
      schemas: [SCIM_ERROR_SCHEMA],
      status: String(body.statusCode),
      ...(typeof scimType === 'string' ? { scimType } : {}),
      detail: Array.isArray(body.message) ? body.message.join('; ') : body.message,
    };
  },
};
