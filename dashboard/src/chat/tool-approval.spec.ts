import { describe, expect, it } from 'vitest';
import { toolLabel } from './tool-approval';

describe('toolLabel', () => {
  it("names a team's MCP tool by its own name and its server's, a built-in tool in words", () => {
    expect(toolLabel('mcp_cms__echo')).toBe('echo (cms)');
    expect(toolLabel('mcp_my_cms__get_page')).toBe('get_page (my_cms)');
    expect(toolLabel('generate_image')).toBe('Generate image');
    expect(toolLabel('format_post')).toBe('Format post');
  });
});
