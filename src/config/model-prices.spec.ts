import { loadConfiguration } from './configuration.js';

const BASE = {
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/assistant',
  JWT_SECRET: 'j'.repeat(32),
  APPROVAL_TOKEN_SECRET: 'a'.repeat(32),
};
const prices = (value?: string) => loadConfiguration({ ...BASE, ...(value === undefined ? {} : { MODEL_PRICES: value }) }).llm.modelPrices;

describe('MODEL_PRICES', () => {
  it('prices the offline model at nothing by default', () => {
    expect(prices()).toEqual({ offline: { input: 0, output: 0, image: 0 } });
  });

  it('reads prices per model; a price left out is 0', () => {
    expect(prices('{"openai:gpt-4o-mini": {"input": 0.15, "output": 0.6}, "openai:gpt-image-1": {"image": 0.04}}')).toEqual({
      offline: { input: 0, output: 0, image: 0 },
      'openai:gpt-4o-mini': { input: 0.15, output: 0.6, image: 0 },
      'openai:gpt-image-1': { input: 0, output: 0, image: 0.04 },
    });
  });

  it.each([
    ['not json', /MODEL_PRICES must be JSON/],
    ['[1]', /MODEL_PRICES must be a JSON object of model ids/],
    ['{"gpt-4o": {"input": 1}}', /"gpt-4o" is not a model id/],
    ['{"openai:gpt-4o": 1}', /"openai:gpt-4o" must be an object/],
    ['{"openai:gpt-4o": {"inputs": 1}}', /unknown field "inputs"/],
    ['{"openai:gpt-4o": {"input": -1}}', /"openai:gpt-4o".input must be a number >= 0/],
    ['{"openai:gpt-4o": {"output": "0.6"}}', /"openai:gpt-4o".output must be a number >= 0/],
  ])('refuses %s at startup', (value, message) => {
    expect(() => prices(value)).toThrow(message);
  });
});
