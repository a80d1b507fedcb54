import type { JSONSchema7 } from '@ai-sdk/provider';
import { jsonSchema, Output } from 'ai';

/**
 * A reply asked for as JSON rather than prose: any JSON object, or one matching a schema. The
 * model is given it as its structured output (the provider's JSON mode), with the agent's tools.
 */
export type ReplyFormat = { type: 'json_object' } | { type: 'json_schema'; name: string; description?: string; schema: JSONSchema7 };

/** The AI SDK output a reply is generated with; undefined for prose. */
export function replyOutput(format: ReplyFormat | null | undefined) {
  if (!format) return undefined;
  if (format.type === 'json_object') return Output.object({ schema: jsonSchema<Record<string, unknown>>({ type: 'object' }) });
  return Output.object({ schema: jsonSchema(format.schema), name: format.name, description: format.description });
}
