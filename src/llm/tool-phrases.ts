/**
 * Tool calls said for people, not by their function names: the chat shows them so, and the offline
 * model's reply after a call says the same.
 */

/**
 * A tool's name for people: a team's MCP tool (`mcp_<server>__<tool>`) as "<tool> (<server>)", a
 * built-in one (`generate_image`) as "Generate image".
 */
export function toolLabel(name: string): string {
  const mcp = /^mcp_([a-z0-9_]+?)__(.+)$/.exec(name);
  if (mcp) return `${mcp[2]} (${mcp[1]})`;
  const words = name.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const PLATFORM_NAMES: Record<string, string> = { linkedin: 'LinkedIn', instagram: 'Instagram', x: 'X', facebook: 'Facebook', tiktok: 'TikTok', threads: 'Threads' };

/** What each built-in tool did, said as a person would; the post's platform is in its call's input. */
const TOOL_DONE: Record<string, (input: Record<string, unknown>) => string> = {
  format_post: (input) => {
    const platform = PLATFORM_NAMES[typeof input.platform === 'string' ? input.platform : 'linkedin'] ?? 'social';
    return `Made ${/^[AEIOUX]/.test(platform) ? 'an' : 'a'} ${platform} post`;
  },
  format_reel: () => 'Made a reel script',
  format_script: () => 'Wrote a video script',
  generate_outline: () => 'Wrote an outline',
  generate_image: () => 'Made an image',
  generate_thumbnail_concept: () => 'Drew up a thumbnail concept',
  extract_receipt_data: () => 'Read the receipt',
  analyze_legal_document: () => 'Reviewed the document',
};

/** What a finished tool call did ("Made a LinkedIn post"); a team's MCP tool, whose effect is its own, as "Used <tool> (<server>)". */
export function toolDone(name: string, input: unknown): string {
  const done = TOOL_DONE[name];
  if (!done) return `Used ${toolLabel(name)}`;
  return done(input !== null && typeof input === 'object' ? (input as Record<string, unknown>) : {});
}
