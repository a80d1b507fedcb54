/**
 * What the offline model understands (DESIGN.md "The offline model"): the phrases that pick a
 * tool, and the agent that owns it. Checked in order, so "outline a post" is an outline.
 * The assistant's tool registry is typed against these names, so the two cannot drift apart.
 */
export const OFFLINE_INTENTS = [
  { tool: 'generate_outline', agent: 'social', pattern: /\boutlines?\b/i },
  { tool: 'generate_thumbnail_concept', agent: 'video', pattern: /\bthumbnails?\b/i },
  { tool: 'format_reel', agent: 'video', pattern: /\breels?\b/i },
  { tool: 'format_script', agent: 'video', pattern: /\bscripts?\b/i },
  { tool: 'extract_receipt_data', agent: 'finance', pattern: /\breceipts?\b/i },
  { tool: 'analyze_legal_document', agent: 'legal', pattern: /\b(contracts?|agreements?|nda|legal)\b/i },
  { tool: 'generate_image', agent: 'social', pattern: /\b(images?|pictures?|photos?)\b/i },
  { tool: 'format_post', agent: 'social', pattern: /\bposts?\b/i },
] as const;

export type OfflineIntent = (typeof OFFLINE_INTENTS)[number];
export type OfflineToolName = OfflineIntent['tool'];
export type OfflineAgentId = OfflineIntent['agent'] | 'general';

/** The first intent whose phrase appears in the text, optionally among the given tools only. */
export function matchIntent(text: string, availableTools?: readonly string[]): OfflineIntent | undefined {
  return OFFLINE_INTENTS.find(
    (intent) => intent.pattern.test(text) && (!availableTools || availableTools.includes(intent.tool)),
  );
}
