import type { ReplyFormat } from '../assistant/reply-format.js';
import { refuseField } from './openai-messages.js';

/** OpenAI's rule for a schema's name. */
const SCHEMA_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Chat completions' `response_format`: `text` (prose), `json_object`, or `json_schema` with its
 * `json_schema: {name, schema, description?, strict?}`. Null for prose; a 400 naming the field at fault.
 */
export function formatOfResponseFormat(value: Record<string, unknown> | null | undefined): ReplyFormat | null {
  if (!value) return null;
  if (value.type === 'json_schema') {
    const definition = value.json_schema;
    if (!isObject(definition)) refuseField('response_format.json_schema', 'must be an object with a name and a schema');
    return jsonSchemaFormat(definition, 'response_format.json_schema');
  }
  return simpleFormat(value, 'response_format');
}

/** The Responses API's `text.format`: `text`, `json_object`, or `json_schema` with `name` and `schema` beside its type. */
export function formatOfTextFormat(text: Record<string, unknown> | null | undefined): ReplyFormat | null {
  const value = text?.format;
  if (value === undefined || value === null) return null;
  if (!isObject(value)) refuseField('text.format', 'must be an object with a type');
  if (value.type === 'json_schema') return jsonSchemaFormat(value, 'text.format');
  return simpleFormat(value, 'text.format');
}

function simpleFormat(value: Record<string, unknown>, at: string): ReplyFormat | null {
  if (value.type === 'text') return null;
  if (value.type === 'json_object') return { type: 'json_object' };
  return refuseField(`${at}.type`, 'must be "text", "json_object" or "json_schema"');
}

/**
 * A schema the reply can be held to: an object schema at its root, as OpenAI's structured outputs
 * require (and the offline model fills), named as OpenAI names schemas.
 */
function jsonSchemaFormat(definition: Record<string, unknown>, at: string): ReplyFormat {
  const { name, description, schema } = definition;
  if (typeof name !== 'string' || !SCHEMA_NAME.test(name)) refuseField(`${at}.name`, 'must be 1–64 letters, digits, "_" or "-"');
  if (description !== undefined && typeof description !== 'string') refuseField(`${at}.description`, 'must be a string');
  if (!isObject(schema)) refuseField(`${at}.schema`, 'must be a JSON schema object');
  if (schema.type !== 'object') refuseField(`${at}.schema.type`, 'must be "object": a reply is a JSON object');
  if (schema.properties !== undefined && !isObject(schema.properties)) refuseField(`${at}.schema.properties`, 'must be an object');
  return { type: 'json_schema', name, ...(description === undefined ? {} : { description }), schema };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
