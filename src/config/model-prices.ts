import { InvalidEnvironmentError } from './environment.js';

/** What a model costs: per million input and output tokens, and per image; any missing is free. */
export interface ModelPrice {
  input: number;
  output: number;
  image: number;
}

/** Prices by model id (`offline`, `openai:<model>`). */
export type ModelPrices = Record<string, ModelPrice>;

const MODEL_ID = /^(?:offline|openai:[A-Za-z0-9][\w.:/-]{0,99})$/;
const FIELDS = ['input', 'output', 'image'] as const;

/**
 * MODEL_PRICES: a JSON object, e.g. `{"openai:gpt-4o-mini": {"input": 0.15, "output": 0.6}}`.
 * The offline model is free unless listed. Anything malformed stops the start, naming the entry.
 */
export function parseModelPrices(json: string | undefined): ModelPrices {
  const prices: ModelPrices = { offline: { input: 0, output: 0, image: 0 } };
  if (json === undefined) return prices;
  const fail = (problem: string): never => {
    throw new InvalidEnvironmentError(`Invalid configuration:\n- MODEL_PRICES ${problem}`);
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    fail('must be JSON, e.g. {"openai:gpt-4o-mini": {"input": 0.15, "output": 0.6}}');
  }
  if (!isObject(parsed)) return fail('must be a JSON object of model ids');
  for (const [modelId, entry] of Object.entries(parsed)) {
    if (!MODEL_ID.test(modelId)) fail(`: "${modelId}" is not a model id (offline or openai:<model>)`);
    if (!isObject(entry)) return fail(`: "${modelId}" must be an object with input, output and/or image prices`);
    const unknown = Object.keys(entry).find((field) => !(FIELDS as readonly string[]).includes(field));
    if (unknown) fail(`: "${modelId}" has an unknown field "${unknown}" (input, output, image)`);
    const price = { input: 0, output: 0, image: 0 };
    for (const field of FIELDS) {
      const value = entry[field];
      if (value === undefined) continue;
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) fail(`: "${modelId}".${field} must be a number >= 0`);
      price[field] = value as number;
    }
    prices[modelId] = price;
  }
  return prices;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
