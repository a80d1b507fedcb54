import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { ModelPrices } from '../config/model-prices.js';

export class UsageFigures {
  @ApiProperty({ type: 'integer' })
  inputTokens: number;

  @ApiProperty({ type: 'integer' })
  outputTokens: number;

  @ApiProperty({ type: 'integer', description: 'Model calls' })
  calls: number;

  @ApiProperty({ type: 'integer', description: 'Images generated' })
  images: number;
}

/** Figures of one model, to be priced. */
export interface ModelFigures extends UsageFigures {
  modelId: string;
}

export class PricedFigures extends UsageFigures {
  /** In the currency of MODEL_PRICES; absent when a model among them has no price. */
  @ApiPropertyOptional({ type: 'number', description: 'In the currency of MODEL_PRICES; absent when a model among them has no price' })
  cost?: number;
}

/**
 * Adds up the figures of several models and prices them: input and output prices are per million
 * tokens, the image price per image. A sum with a model of unknown price has no cost at all, rather
 * than one that looks complete and is not.
 */
export function priceFigures(figures: ModelFigures[], prices: ModelPrices): PricedFigures {
  const sum: UsageFigures = { inputTokens: 0, outputTokens: 0, calls: 0, images: 0 };
  let cost: number | undefined = 0;
  for (const item of figures) {
    sum.inputTokens += item.inputTokens;
    sum.outputTokens += item.outputTokens;
    sum.calls += item.calls;
    sum.images += item.images;
    const price = prices[item.modelId];
    cost = price && cost !== undefined ? cost + (item.inputTokens * price.input + item.outputTokens * price.output) / 1_000_000 + item.images * price.image : undefined;
  }
  // Micro-units: prices per million tokens make sub-cent figures that float sums blur.
  return cost === undefined ? sum : { ...sum, cost: Math.round(cost * 1_000_000) / 1_000_000 };
}
