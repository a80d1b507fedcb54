import type { z } from 'zod';
import type { AssetType } from '../../assets/asset-types.js';

/** What a tool produces; the wrapper in tools/index.ts saves it as an asset of the tool's type. */
export interface AssetDraft {
  /** Cut to 100 characters when saved. */
  title: string;
  /** A public URL for images; Markdown for every other type. */
  content: string;
  /** The keys SPEC §2 lists for the tool's asset type. */
  metadata: Record<string, unknown>;
}

/** A file the user attached to the message being answered (a receipt photo or PDF, say). */
export interface Attachment {
  mediaType: string;
  filename?: string;
  data: Uint8Array;
}

/**
 * What a tool may use besides its input. Model-backed helpers are absent when no real model is
 * configured (offline mode); tools then do their work locally or explain what they cannot do.
 */
export interface ToolServices {
  /** Files attached to the user message being answered, newest last. */
  attachments: Attachment[];
  /** Stores an image under the team's storage prefix and returns its public URL. */
  storeImage(data: Uint8Array, mediaType: string): Promise<string>;
  /** A real image model; undefined offline. */
  generateImage?: (prompt: string, abortSignal?: AbortSignal) => Promise<{ data: Uint8Array; mediaType: string }>;
  /** Reads the text of an image with a vision-capable model; undefined offline. */
  readImageText?: (image: Attachment, abortSignal?: AbortSignal) => Promise<string>;
  abortSignal?: AbortSignal;
}

/** A user-facing failure of a tool (bad or unreadable input); its message reaches the model. */
export class ToolInputError extends Error {}

/** One asset-producing tool: its model-facing contract and its real work. */
export interface AssetTool<Schema extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  assetType: AssetType;
  inputSchema: Schema;
  run(input: z.infer<Schema>, services: ToolServices): AssetDraft | Promise<AssetDraft>;
}
