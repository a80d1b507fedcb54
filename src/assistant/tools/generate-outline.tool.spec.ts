import { ToolInputError } from './asset-tool.js';
import { buildOutline, generateOutline, generateOutlineTool, type PostOutline } from './generate-outline.tool.js';

const parse = (input: unknown) => generateOutlineTool.inputSchema.parse(input);

describe('generateOutline', () => {
  it('builds sections from the ideas the topic lists', () => {
    const outline = buildOutline('Remote work: async updates, focus time and clear ownership', 'linkedin', 5);
    expect(outline.sections.map((section) => section.heading)).toEqual([
      'Why Remote work matters',
      'Async updates',
      'Focus time',
      'Clear ownership',
      'Key takeaways',
    ]);
    expect(outline.sections[1]?.points).toEqual([
      'What async updates means in practice',
      'A concrete example or number',
      'One action the reader can take',
    ]);
    expect(outline.sections.every((section) => section.points.length >= 2)).toBe(true);
  });

  it('keeps the original JSON in the metadata and renders it as Markdown', () => {
    const topic = 'Write an outline for a LinkedIn post about our new product launch for developers';
    const draft = generateOutline(parse({ topic }));
    const outline = draft.metadata.outline as PostOutline;
    expect(draft.metadata).toEqual({ platform: 'linkedin', outline });
    expect(outline).toEqual(buildOutline(topic, 'linkedin', 5));
    expect(outline.title).toBe('Our new product launch for developers');
    expect(outline.sections).toHaveLength(5);
    expect(outline.callToAction).toMatch(/comments/);
    expect(draft.title).toBe(outline.title);
    expect(draft.content).toContain(`# ${outline.title}`);
    expect(draft.content).toContain(`**Hook:** ${outline.hook}`);
    expect(draft.content).toContain('## 2. Product launch');
    expect(draft.content).toContain(`**Call to action:** ${outline.callToAction}`);
    expect(draft.content).not.toMatch(/write an outline/i);
  });

  it.each([3, 4, 6, 7])('produces exactly %i sections', (sections) => {
    expect(buildOutline('time management', 'instagram', sections).sections).toHaveLength(sections);
  });

  it('is deterministic and adapts hook, points and call to action to the platform', () => {
    const x = buildOutline('morning routines', 'x', 5);
    expect(x).toEqual(buildOutline('morning routines', 'x', 5));
    expect(x.hook).toContain('🧵');
    expect(x.sections.every((section) => section.points.length <= 2)).toBe(true);
    expect(buildOutline('morning routines', 'tiktok', 5).callToAction).toBe('Follow for part 2.');
  });

  it('turns request details into sections', () => {
    const outline = buildOutline('Outline a post about our launch. Mention the free beta.', 'linkedin', 5);
    expect(outline.sections.map((section) => section.heading)).toContain('The free beta');
  });

  it('keeps huge topics bounded and handles emoji', () => {
    const outline = buildOutline('🚀 growth '.repeat(1_000), 'linkedin', 7);
    expect(outline.title.length).toBeLessThanOrEqual(100);
    expect(JSON.stringify(outline).length).toBeLessThan(5_000);
  });

  it('rejects a topic with nothing in it', () => {
    expect(() => buildOutline(' ?! ', 'linkedin', 5)).toThrow(ToolInputError);
  });

  it('validates the section count', () => {
    expect(() => parse({ topic: 'a', sections: 2 })).toThrow();
    expect(() => parse({ topic: 'a', sections: 8 })).toThrow();
    expect(parse({ topic: 'a' })).toEqual({ topic: 'a', platform: 'linkedin', sections: 5 });
  });
});
