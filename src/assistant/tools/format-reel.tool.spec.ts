import { ToolInputError } from './asset-tool.js';
import { formatReel, formatReelTool, planScenes } from './format-reel.tool.js';

const parse = (input: unknown) => formatReelTool.inputSchema.parse(input);

describe('planScenes', () => {
  it.each([15, 30, 45, 60, 90])('covers %i seconds with contiguous scenes from hook to call to action', (duration) => {
    const scenes = planScenes('morning habits', ['water first', 'no phone'], duration);
    expect(scenes[0]).toMatchObject({ label: 'Hook', start: 0 });
    expect(scenes.at(-1)).toMatchObject({ label: 'Call to action', end: duration });
    for (let i = 1; i < scenes.length; i += 1) expect(scenes[i]?.start).toBe(scenes[i - 1]?.end);
    expect(scenes.every((scene) => scene.end > scene.start)).toBe(true);
  });

  it('gives longer reels more beats', () => {
    expect(planScenes('x', [], 15)).toHaveLength(4);
    expect(planScenes('x', [], 30)).toHaveLength(5);
    expect(planScenes('x', [], 90)).toHaveLength(8);
  });
});

describe('formatReel', () => {
  it('turns a request into a caption with hashtags and timed scenes', () => {
    const topic = 'Create an Instagram reel about 3 morning habits: drink water, skip the phone and walk outside';
    const draft = formatReel(parse({ topic }));
    expect(draft.metadata).toEqual({ platform: 'instagram', sceneCount: 5 });
    expect(draft.title).toBe('3 morning habits');
    expect(draft.content).toContain('## Caption\n\n3 morning habits in 30 seconds ⏱️\n• Drink water\n• Skip the phone\n• Walk outside');
    expect(draft.content).toMatch(/#MorningHabits/);
    expect(draft.content).toContain('### 1. Hook (0:00–0:03)');
    expect(draft.content).toContain('### 2. Drink water');
    expect(draft.content).toContain('### 5. Call to action (0:26–0:30)');
    expect(draft.content).not.toMatch(/create an instagram reel/i);
  });

  it('tags YouTube Shorts with #Shorts and counts the scenes of a long reel', () => {
    const draft = formatReel(parse({ topic: 'budgeting for students', platform: 'youtube_shorts', durationSeconds: 60 }));
    expect(draft.metadata).toEqual({ platform: 'youtube_shorts', sceneCount: 7 });
    expect(draft.content).toMatch(/Subscribe for more!\n\n#Shorts #Budgeting/);
    expect(draft.content.match(/^### /gm)).toHaveLength(7);
  });

  it('handles emoji and huge topics with bounded output', () => {
    const draft = formatReel(parse({ topic: '🔥 productivity hacks '.repeat(90).slice(0, 2_000), platform: 'tiktok' }));
    expect(draft.content.length).toBeLessThan(5_000);
    expect(draft.title.length).toBeLessThanOrEqual(100);
  });

  it('rejects an empty topic', () => {
    expect(() => formatReel(parse({ topic: '…' }))).toThrow(ToolInputError);
  });

  it('validates the duration bounds', () => {
    expect(() => parse({ topic: 'a', durationSeconds: 10 })).toThrow();
    expect(() => parse({ topic: 'a', durationSeconds: 91 })).toThrow();
    expect(parse({ topic: 'a' })).toEqual({ topic: 'a', platform: 'instagram', durationSeconds: 30 });
  });
});
