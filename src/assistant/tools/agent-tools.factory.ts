import { Injectable, Logger } from '@nestjs/common';
import { generateImage, generateText, type Schema, type Tool, tool, type ToolSet, zodSchema } from 'ai';
import type { AssetResponse } from '../../assets/asset.response.js';
import { AssetsService, type AssetScope } from '../../assets/assets.service.js';
import { ModelRegistry } from '../../llm/model-registry.service.js';
import { Metrics } from '../../metrics/metrics.service.js';
import { transientFailure } from '../../http/transient-errors.js';
import { StorageService, StorageWriteError } from '../../storage/storage.service.js';
import type { UsageAttribution } from '../../llm/usage-attribution.js';
import { type AssetDraft, type AssetTool, type Attachment, ToolInputError, type ToolServices } from './asset-tool.js';
import { ASSET_TOOLS, type ToolName } from './index.js';
import type { ToolApprovals } from '../mcp/mcp-tools.service.js';
import { ToolApprovalUnavailableError } from '../tool-approvals.js';

/** Enough of an asset's content for the model to talk about it without flooding its context. */
const CONTENT_PREVIEW_LENGTH = 4000;

/**
 * Each tool's input schema, wrapped once: the wrapper converts the zod schema to the JSON Schema
 * the model is shown on first use and keeps it, where a fresh zod schema per reply would be
 * converted again for every model call.
 */
const inputSchemas = new WeakMap<AssetTool, Schema<unknown>>();

function inputSchemaOf(definition: AssetTool): Schema<unknown> {
  let schema = inputSchemas.get(definition);
  if (!schema) inputSchemas.set(definition, (schema = zodSchema(definition.inputSchema)));
  return schema;
}

export interface ToolRunContext {
  scope: AssetScope;
  /** The reply's or run step's attribution: a tool's own model calls are charged to it. */
  charge: UsageAttribution;
  attachments: Attachment[];
  /** Called once per saved asset, as soon as the tool returns (the chat stream shows it live). */
  onAsset(asset: AssetResponse): void;
  /**
   * Called when the tool failed for a reason of the infrastructure, not of its input: its output
   * could not be stored (the object store or the asset insert failed), or a service it needs is
   * unavailable for now (transientFailure). The reply then fails instead of the model carrying
   * on without the asset; a run step tries it again when the failure is transient.
   */
  onFailure(error: unknown): void;
}

/**
 * Turns the registry's asset tools into AI SDK tools for one reply. The one wrapper that saves a
 * tool's output as an asset lives here: every tool result becomes an asset of the tool's type,
 * and the model is told the asset's id.
 */
@Injectable()
export class AgentToolsFactory {
  private readonly logger = new Logger(AgentToolsFactory.name);

  constructor(
    private readonly assets: AssetsService,
    private readonly storage: StorageService,
    private readonly models: ModelRegistry,
    private readonly metrics: Metrics,
  ) {}

  /**
   * `approvals`: the tools that need a person's approval, and what the reply does with them: `ask`
   * gives them the AI SDK's `needsApproval` (a chat asks the user), `refuse` fails each call with a
   * tool error that says why (where nobody can be asked), as for a team's MCP tools.
   */
  build(names: readonly ToolName[], context: ToolRunContext, approvals: { tools: readonly ToolName[]; mode: ToolApprovals }): ToolSet {
    return Object.fromEntries(
      names.map((name): [ToolName, Tool] => {
        const built: Tool = this.wrap(ASSET_TOOLS[name], context);
        if (!approvals.tools.includes(name)) return [name, built];
        return [name, approvals.mode === 'ask' ? { ...built, needsApproval: true } : this.refused(name, built)];
      }),
    );
  }

  private refused(name: ToolName, built: Tool): Tool {
    return {
      ...built,
      execute: () => {
        this.metrics.toolCalls.inc({ tool: name, outcome: 'refused' });
        throw new ToolApprovalUnavailableError(name);
      },
    };
  }

  private wrap(definition: AssetTool, context: ToolRunContext) {
    return tool({
      description: definition.description,
      inputSchema: inputSchemaOf(definition),
      execute: async (input, { abortSignal }) => {
        let storageKey: string | undefined;
        const services = this.services(context, abortSignal, (key) => (storageKey = key));
        let asset: AssetResponse;
        try {
          asset = await this.save(definition, context, await this.run(definition, input, services, context), storageKey);
        } catch (error) {
          this.metrics.toolCalls.inc({ tool: definition.name, outcome: error instanceof ToolInputError ? 'invalid_input' : 'failed' });
          throw error;
        }
        this.metrics.toolCalls.inc({ tool: definition.name, outcome: 'ok' });
        context.onAsset(asset);
        return {
          assetId: asset.id,
          type: asset.type,
          title: asset.title,
          content: asset.content.slice(0, CONTENT_PREVIEW_LENGTH),
          metadata: asset.metadata,
        };
      },
    });
  }

  /**
   * A tool's own input errors reach the model as they are; anything else is logged and masked, and
   * an infrastructure failure (its output could not be stored, a service unavailable) fails the reply.
   */
  private async run(definition: AssetTool, input: unknown, services: ToolServices, context: ToolRunContext): Promise<AssetDraft> {
    try {
      return await definition.run(input, services);
    } catch (error) {
      if (error instanceof ToolInputError) throw error;
      this.logger.error(`Tool ${definition.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      if (isStorageFailure(error) || transientFailure(error) !== undefined) context.onFailure(error);
      throw new Error(`${definition.name} failed unexpectedly`, { cause: error });
    }
  }

  /** The tool's output as an asset; when the insert fails, the reply fails and the object it stored is removed again. */
  private async save(definition: AssetTool, context: ToolRunContext, draft: AssetDraft, storageKey: string | undefined): Promise<AssetResponse> {
    try {
      return await this.assets.create(context.scope, { type: definition.assetType, ...draft, storageKey });
    } catch (error) {
      this.logger.error(`Tool ${definition.name} could not save its output: ${error instanceof Error ? error.message : String(error)}`);
      context.onFailure(error);
      if (storageKey) await this.storage.delete(storageKey).catch(() => undefined);
      throw new Error(`${definition.name} could not save its output`, { cause: error });
    }
  }

  private services(context: ToolRunContext, abortSignal: AbortSignal | undefined, onStored: (key: string) => void): ToolServices {
    const imageModel = this.models.imageModel(context.charge);
    const imageModelLabel = this.models.imageModelId;
    // A tool's own model call, charged to the reply or run step that called the tool.
    const visionModel = this.models.visionModel({ ...context.charge, kind: 'tool' });
    return {
      attachments: context.attachments,
      abortSignal,
      storeImage: async (data, mediaType) => {
        const stored = await this.storage.put(context.scope.teamId, 'images', data, mediaType);
        onStored(stored.key);
        // A real image model's calls are metered by its wrapper; a locally rendered card only here.
        if (!imageModel) this.models.localImageMade(context.charge);
        this.metrics.images.inc({ model: imageModelLabel, outcome: 'ok' });
        return stored.url;
      },
      generateImage: imageModel
        ? async (prompt, signal) => {
            try {
              const { image } = await generateImage({ model: imageModel, prompt, abortSignal: signal });
              return { data: image.uint8Array, mediaType: image.mediaType };
            } catch (error) {
              this.metrics.images.inc({ model: imageModelLabel, outcome: 'error' });
              throw error;
            }
          }
        : undefined,
      readImageText: visionModel
        ? async (image, signal) => {
            const { text } = await generateText({
              model: visionModel,
              abortSignal: signal,
              messages: [
                {
                  role: 'user',
                  content: [
                    { type: 'text', text: 'Transcribe this receipt line by line: items with quantities and prices, subtotal, tax, total, currency.' },
                    { type: 'file', data: image.data, mediaType: image.mediaType },
                  ],
                },
              ],
            });
            return text;
          }
        : undefined,
    };
  }
}

function isStorageFailure(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) if (current instanceof StorageWriteError) return true;
  return false;
}
