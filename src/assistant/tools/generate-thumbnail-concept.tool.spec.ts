import { ToolInputError } from './asset-tool.js';
import { buildConcepts, generateThumbnailConcept, generateThumbnailConceptTool } from './generate-thumbnail-concept.tool.js';

const parse = (input: unknown) => generateThumbnailConceptTool.inputSchema.parse(input);

describe('generateThumbnailConcept', () => {
  it('writes exactly 3 concepts with headline, composition, colours and focal element', () => {
    const draft = generateThumbnailConcept(parse({ topic: 'Make thumbnail concepts for my video about budgeting for students' }));
    expect(draft.metadata).toEqual({ platform: 'youtube', conceptCount: 3 });
    expect(draft.title).toBe('Thumbnail concepts: Budgeting for students');
    expect(draft.content.match(/^## Concept \d: /gm)).toHaveLength(3);
    for (const field of ['Headline text', 'Composition', 'Colours', 'Focal element']) {
      expect(draft.content.match(new RegExp(`\\*\\*${field}:\\*\\*`, 'g'))).toHaveLength(3);
    }
    expect(draft.content).toContain('1280×720');
    expect(draft.content).not.toMatch(/make thumbnail concepts/i);
  });

  it('derives short upper-case headlines and distinct palettes', () => {
    const { concepts } = buildConcepts('Remote work productivity tips for distributed engineering teams', 'youtube');
    expect(concepts).toHaveLength(3);
    for (const concept of concepts) {
      expect(concept.headline).toBe(concept.headline.toUpperCase());
      expect(concept.headline.length).toBeLessThanOrEqual(28);
    }
    expect(new Set(concepts.map((concept) => concept.colors)).size).toBe(3);
  });

  it('is deterministic per topic and adapts the format to the platform', () => {
    expect(buildConcepts('sourdough', 'tiktok')).toEqual(buildConcepts('sourdough', 'tiktok'));
    expect(generateThumbnailConcept(parse({ topic: 'sourdough', platform: 'tiktok' })).content).toContain('1080×1920 (9:16)');
    expect(generateThumbnailConcept(parse({ topic: 'quarterly results', platform: 'linkedin' })).metadata).toEqual({
      platform: 'linkedin',
      conceptCount: 3,
    });
  });

  it('copes with emoji and huge topics', () => {
    const draft = generateThumbnailConcept(parse({ topic: '🍕 pizza night '.repeat(150).slice(0, 2_000) }));
    expect(draft.metadata).toMatchObject({ conceptCount: 3 });
    expect(draft.title.length).toBeLessThanOrEqual(100);
    expect(draft.content.length).toBeLessThan(3_000);
  });

  it('rejects an empty topic', () => {
    expect(() => generateThumbnailConcept(parse({ topic: '!!!' }))).toThrow(ToolInputError);
  });
});
