import { describe, expect, it } from 'vitest';
import { toolDone, toolLabel } from './tool-phrases.js';

describe('toolLabel', () => {
  it("names a team's MCP tool by its own name and its server's, a built-in tool in words", () => {
    expect(toolLabel('mcp_cms__echo')).toBe('echo (cms)');
    expect(toolLabel('mcp_my_cms__get_page')).toBe('get_page (my_cms)');
    expect(toolLabel('generate_image')).toBe('Generate image');
    expect(toolLabel('format_post')).toBe('Format post');
  });
});

describe('toolDone', () => {
  it('says what a built-in tool did, naming the post’s platform, and falls back to the name for a team’s MCP tool', () => {
    expect(toolDone('format_post', { platform: 'linkedin' })).toBe('Made a LinkedIn post');
    expect(toolDone('format_post', {})).toBe('Made a LinkedIn post');
    expect(toolDone('format_post', { platform: 'tiktok' })).toBe('Made a TikTok post');
    expect(toolDone('format_post', { platform: 'x' })).toBe('Made an X post');
    expect(toolDone('format_post', { platform: 'instagram' })).toBe('Made an Instagram post');
    expect(toolDone('generate_image', undefined)).toBe('Made an image');
    expect(toolDone('mcp_cms__echo', { text: 'hi' })).toBe('Used echo (cms)');
  });
});
