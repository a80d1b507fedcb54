import type { OfflineToolName } from '../../llm/offline/intents.js';
import { analyzeLegalDocumentTool } from './analyze-legal-document.tool.js';
import type { AssetTool } from './asset-tool.js';
import { extractReceiptDataTool } from './extract-receipt-data.tool.js';
import { formatPostTool } from './format-post.tool.js';
import { formatReelTool } from './format-reel.tool.js';
import { formatScriptTool } from './format-script.tool.js';
import { generateImageTool } from './generate-image.tool.js';
import { generateOutlineTool } from './generate-outline.tool.js';
import { generateThumbnailConceptTool } from './generate-thumbnail-concept.tool.js';

/**
 * The single tool registry. Typed against the offline model's phrase table, so every tool can
 * be reached without an LLM and no phrase points at a tool that does not exist.
 */
export const ASSET_TOOLS = {
  format_post: formatPostTool,
  generate_outline: generateOutlineTool,
  generate_image: generateImageTool,
  format_reel: formatReelTool,
  format_script: formatScriptTool,
  generate_thumbnail_concept: generateThumbnailConceptTool,
  extract_receipt_data: extractReceiptDataTool,
  analyze_legal_document: analyzeLegalDocumentTool,
} satisfies Record<OfflineToolName, AssetTool>;

export type ToolName = keyof typeof ASSET_TOOLS;
