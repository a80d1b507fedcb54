import type { JSONSchema7, JSONSchema7Definition } from '@ai-sdk/provider';

/** Spellings users write for enum values the tools use. */
const SYNONYMS: Record<string, RegExp> = {
  x: /\b(x|twitter|tweet)\b/i,
  linkedin: /\blinked\s?in\b/i,
  youtube: /\byou\s?tube\b/i,
  youtube_shorts: /\b(youtube\s+)?shorts\b/i,
};

/**
 * Builds arguments that satisfy a JSON schema from a plain request, the way the offline model
 * fills tool inputs: free-text fields get the request itself, enums take the value the request
 * mentions (else their default), and other optional fields are left out unless the request
 * names them.
 */
export function fillFromSchema(schema: JSONSchema7Definition | undefined, text: string): unknown {
  if (schema === undefined || typeof schema === 'boolean') return text;
  if (schema.enum) return pickEnum(schema, text);
  switch (schema.type) {
    case 'object':
      return fillObject(schema, text);
    case 'array':
      return [];
    case 'number':
    case 'integer':
      return typeof schema.default === 'number' ? schema.default : (schema.minimum ?? 1);
    case 'boolean':
      return typeof schema.default === 'boolean' ? schema.default : false;
    default:
      return typeof schema.maxLength === 'number' ? text.slice(0, schema.maxLength) : text;
  }
}

function fillObject(schema: JSONSchema7, text: string): Record<string, unknown> {
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {});
  // With no required free-text field, the request has to go into an optional one (a receipt's text).
  const takesTextOptionally = !properties.some(([name, property]) => required.has(name) && isFreeText(property));
  const filled: Record<string, unknown> = {};
  for (const [name, property] of properties) {
    if (required.has(name) || (takesTextOptionally && isFreeText(property))) {
      filled[name] = fillFromSchema(property, text);
    } else if (typeof property === 'object' && property.enum) {
      const mentioned = mentionedEnumValue(property.enum, text);
      if (mentioned !== undefined) filled[name] = mentioned;
    }
  }
  return filled;
}

function isFreeText(schema: JSONSchema7Definition): boolean {
  return typeof schema === 'object' && schema.type === 'string' && !schema.enum;
}

function pickEnum(schema: JSONSchema7, text: string): unknown {
  const values = schema.enum ?? [];
  return mentionedEnumValue(values, text) ?? schema.default ?? values[0];
}

function mentionedEnumValue(values: readonly unknown[], text: string): unknown {
  return values.find((value) => {
    if (typeof value !== 'string') return false;
    const synonym = SYNONYMS[value];
    if (synonym) return synonym.test(text);
    return new RegExp(`\\b${value.replace(/[_-]/g, '[ _-]?')}\\b`, 'i').test(text);
  });
}
