import { createOpenAI, type OpenAIProvider } from '@ai-sdk/openai';
import type { ImageModelV4, LanguageModelV4 } from '@ai-sdk/provider';
import { BadRequestException, Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { wrapImageModel, wrapLanguageModel } from 'ai';
import type { AppConfig } from '../config/configuration.js';
import { Metrics } from '../metrics/metrics.service.js';
import type { UsageAttribution } from './usage-attribution.js';
import { deltaCoalescingMiddleware, StreamPacing } from './delta-coalescing.js';
import { modelCallMetrics } from './model-call-metrics.js';
import { ModelMeter } from './model-meter.js';
import { OfflineLanguageModel } from './offline/offline-language-model.js';

export const OFFLINE_MODEL_ID = 'offline';
const OPENAI_PREFIX = 'openai:';
const OPENAI_MODEL_NAME = /^[A-Za-z0-9][\w.:/-]{0,99}$/;
/** The OpenAI model used where DEFAULT_MODEL is offline but an OpenAI model is needed. */
const FALLBACK_OPENAI_MODEL = 'gpt-4o-mini';
const OPENAI_IMAGE_MODEL = 'gpt-image-1';

export interface ResolvedModel {
  id: string;
  model: LanguageModelV4;
}

/**
 * The only place models are built. Ids: `offline` (built in, always there) and
 * `openai:<model>` when OPENAI_API_KEY or OPENAI_BASE_URL is set (any OpenAI-compatible server).
 * Every model it hands out is metered (ModelMeter, the usage module's) under its id, charged to the
 * attribution the caller asked for it with.
 */
@Injectable()
export class ModelRegistry {
  private readonly offline: OfflineLanguageModel;
  private readonly openai?: OpenAIProvider;
  private readonly pacing: StreamPacing;
  readonly defaultModelId: string;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly meter: ModelMeter,
    private readonly metrics: Metrics,
  ) {
    const llm = config.get('llm', { infer: true });
    this.pacing = new StreamPacing(llm.streamFlushesPerSecond);
    this.offline = new OfflineLanguageModel({ chunkDelayMs: llm.offlineChunkDelayMs });
    if (llm.openaiApiKey || llm.openaiBaseUrl) {
      this.openai = createOpenAI({ apiKey: llm.openaiApiKey ?? 'not-needed', baseURL: llm.openaiBaseUrl });
    }
    this.defaultModelId = llm.defaultModel;
    this.check(this.defaultModelId);
  }

  /** The id a request names (none or null: DEFAULT_MODEL), checked before anything is done with it; an unknown id is a 400. */
  check(requested: string | null | undefined): string {
    const id = requested ?? this.defaultModelId;
    this.provided(id);
    return id;
  }

  /**
   * The model for an id (none or null: DEFAULT_MODEL), metered and charged to `charge`; an unknown
   * id is a 400. Cheap: a wrapper around the provider's model, made per turn or step.
   */
  resolve(requested: string | null | undefined, charge: UsageAttribution): ResolvedModel {
    const id = requested ?? this.defaultModelId;
    return { id, model: this.wrapped(id, this.provided(id), charge) };
  }

  /**
   * The models a client can offer for `modelId`: the offline model, and with a provider, the
   * OpenAI model configured as default (any other `openai:<model>` works too; it is not listed).
   */
  offered(): string[] {
    if (!this.openai) return [OFFLINE_MODEL_ID];
    return [OFFLINE_MODEL_ID, this.defaultModelId.startsWith(OPENAI_PREFIX) ? this.defaultModelId : `${OPENAI_PREFIX}${FALLBACK_OPENAI_MODEL}`];
  }

  /** A real image model, or undefined offline (tools then render images locally). */
  imageModel(charge: UsageAttribution): ImageModelV4 | undefined {
    if (!this.openai) return undefined;
    return wrapImageModel({ model: this.openai.image(OPENAI_IMAGE_MODEL), middleware: this.meter.imageModel(this.imageModelId, charge) });
  }

  /** The id images are made with, as metrics and usage name it: the local card's `offline` without a provider. */
  get imageModelId(): string {
    return this.openai ? `${OPENAI_PREFIX}${OPENAI_IMAGE_MODEL}` : OFFLINE_MODEL_ID;
  }

  /** Records an image the tools rendered locally (no image model): the ledger counts it as the offline model's, as it counts a real model's. */
  localImageMade(charge: UsageAttribution): void {
    this.meter.localImage(OFFLINE_MODEL_ID, charge);
  }

  /** A model able to read images (receipt photos), or undefined offline. */
  visionModel(charge: UsageAttribution): LanguageModelV4 | undefined {
    return this.openai ? this.resolve(this.defaultModelId.startsWith(OPENAI_PREFIX) ? this.defaultModelId : `${OPENAI_PREFIX}${FALLBACK_OPENAI_MODEL}`, charge).model : undefined;
  }

  /** The provider's model for an id, not metered; an unknown id is a 400. */
  private provided(id: string): LanguageModelV4 {
    if (id === OFFLINE_MODEL_ID) return this.offline;
    if (id.startsWith(OPENAI_PREFIX)) {
      const name = id.slice(OPENAI_PREFIX.length);
      if (!this.openai) throw new BadRequestException(`Unknown modelId "${id}": no OpenAI provider is configured`);
      if (!OPENAI_MODEL_NAME.test(name)) throw new BadRequestException(`Unknown modelId "${id}"`);
      // Chat Completions, the API every OpenAI-compatible server speaks.
      return this.openai.chat(name);
    }
    throw new BadRequestException(`Unknown modelId "${id}": use "${OFFLINE_MODEL_ID}" or "${OPENAI_PREFIX}<model>"`);
  }

  /** Metered, and paced: streams of every model share the instance's flush budget (see StreamPacing). */
  private wrapped(id: string, model: LanguageModelV4, charge: UsageAttribution): LanguageModelV4 {
    const pacing = this.pacing.enabled ? [deltaCoalescingMiddleware(this.pacing)] : [];
    // A label takes the offered ids only: any other `openai:<name>` a client sends is "other".
    const label = this.offered().includes(id) ? id : 'other';
    return wrapLanguageModel({ model, middleware: [modelCallMetrics(this.metrics, label), this.meter.languageModel(id, charge), ...pacing] });
  }
}
