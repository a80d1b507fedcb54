import type { ImageModelV4Middleware, LanguageModelV4Middleware } from '@ai-sdk/provider';
import type { UsageAttribution } from './usage-attribution.js';

/**
 * Meters every model the registry hands out, under the model's id, charged to the attribution it
 * was asked for with. The usage module provides it (it owns the ledger), as the live module
 * provides LiveStreamStore: the registry stays below the features it serves.
 */
export abstract class ModelMeter {
  abstract languageModel(modelId: string, charge: UsageAttribution): LanguageModelV4Middleware;
  abstract imageModel(modelId: string, charge: UsageAttribution): ImageModelV4Middleware;
  /** Records one image made without an image model (the tools' local card), under `modelId`, with no tokens. */
  abstract localImage(modelId: string, charge: UsageAttribution): void;
}
