import { priceFigures } from './usage-cost.js';

const PRICES = {
  offline: { input: 0, output: 0, image: 0 },
  'openai:gpt-4o-mini': { input: 0.15, output: 0.6, image: 0 },
  'openai:gpt-image-1': { input: 5, output: 40, image: 0.04 },
};
const figures = (modelId: string, inputTokens: number, outputTokens: number, images = 0) => ({ modelId, inputTokens, outputTokens, calls: 1, images });

describe('priceFigures', () => {
  it('prices tokens per million and images each, and adds up the models', () => {
    expect(priceFigures([figures('openai:gpt-4o-mini', 2_000_000, 1_000_000), figures('openai:gpt-image-1', 100, 0, 2)], PRICES)).toEqual({
      inputTokens: 2_000_100,
      outputTokens: 1_000_000,
      calls: 2,
      images: 2,
      // 0.30 + 0.60 for the text model, 0.0005 + 2 × 0.04 for the images.
      cost: 0.9805,
    });
  });

  it('rounds to millionths, where sums of float prices blur', () => {
    expect(priceFigures([figures('openai:gpt-4o-mini', 1, 1)], PRICES).cost).toBe(0.000001);
  });

  it('gives no cost at all when a model among them has no price', () => {
    const priced = priceFigures([figures('openai:gpt-4o-mini', 1000, 1000), figures('openai:unknown', 10, 10)], PRICES);
    expect(priced).toEqual({ inputTokens: 1010, outputTokens: 1010, calls: 2, images: 0 });
  });

  it('is zero for nothing', () => {
    expect(priceFigures([], PRICES)).toEqual({ inputTokens: 0, outputTokens: 0, calls: 0, images: 0, cost: 0 });
  });
});
