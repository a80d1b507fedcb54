import { ToolInputError } from './asset-tool.js';
import { fitToLimit, formatPost, formatPostTool, POST_LENGTH_LIMITS, SOCIAL_PLATFORMS } from './format-post.tool.js';
import { startCpuClock } from '../../../test/helpers/cpu-clock.js';

const parse = (input: unknown) => formatPostTool.inputSchema.parse(input);

describe('formatPost', () => {
  it('drafts a LinkedIn post with derived hashtags from a request-shaped input', () => {
    const draft = formatPost(parse({ content: 'Write a LinkedIn post about our new product launch for developers' }));
    expect(draft.metadata).toEqual({ platform: 'linkedin' });
    expect(draft.title).toBe('Our new product launch for developers');
    expect(draft.content).toContain("Let's talk about our new product launch for developers.");
    expect(draft.content).not.toMatch(/write a linkedin post/i);
    const tags = draft.content.split('\n').at(-1)?.split(' ') ?? [];
    expect(tags).toEqual(['#ProductLaunch', '#Developers', '#Product', '#Launch']);
  });

  it('keeps proper content, adds the given hashtags once and stays within the platform limit', () => {
    const hashtags = ['dark mode', '#DarkMode', 'UX'];
    const draft = formatPost(parse({ content: 'We shipped dark mode today.', platform: 'threads', hashtags }));
    expect(draft.content).toBe('We shipped dark mode today.\n\n#DarkMode #UX');
    expect(draft.title).toBe('We shipped dark mode today');
  });

  it('derives at most two salient CamelCase hashtags for X, without stop words', () => {
    const draft = formatPost(parse({ content: 'Remote work is here to stay. Remote teams thrive with async rituals.', platform: 'x' }));
    const tags = draft.content.match(/#\w+/g) ?? [];
    expect(tags).toHaveLength(2);
    expect(tags[0]).toBe('#RemoteWork');
    expect(tags.map((tag) => tag.toLowerCase())).not.toContain('#is');
  });

  it('cuts a long post for X at a word boundary with an ellipsis and keeps the hashtags within 280', () => {
    const long = 'Shipping software is a team sport and every release teaches us something new about our users. '.repeat(10);
    const draft = formatPost(parse({ content: long, platform: 'x', hashtags: ['shipping', 'devlife'] }));
    expect(draft.content.length).toBeLessThanOrEqual(280);
    expect(draft.content).toMatch(/\w…\n\n#Shipping #Devlife$/);
  });

  it.each(SOCIAL_PLATFORMS)('respects the %s limit on huge input, fast', (platform) => {
    const cpu = startCpuClock();
    const draft = formatPost(parse({ content: 'word '.repeat(999) + 'end', platform }));
    expect(draft.content.length).toBeLessThanOrEqual(POST_LENGTH_LIMITS[platform]);
    expect(cpu.ms()).toBeLessThan(500);
  });

  it('breaks a long single block into short paragraphs on LinkedIn but not on X', () => {
    const text = 'First point here. Second point follows. Third point matters. Fourth point lands. Fifth one closes it. '.repeat(3);
    expect(formatPost(parse({ content: text })).content.split('\n\n').length).toBeGreaterThan(3);
    expect(formatPost(parse({ content: text, platform: 'x' })).content.split('\n\n')[0]).not.toContain('\n');
  });

  it('moves a trailing hashtag line into the hashtag block', () => {
    const draft = formatPost(parse({ content: 'Big day for the team!\n#launch #teamwork', platform: 'facebook' }));
    expect(draft.content).toBe('Big day for the team!\n\n#Launch #Teamwork');
  });

  it('handles emoji and accents without splitting them', () => {
    const draft = formatPost(parse({ content: '🚀 Café Zürich öffnet heute 🎉 '.repeat(40), platform: 'x' }));
    expect(draft.content.length).toBeLessThanOrEqual(280);
    expect(draft.content).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(draft.content).toContain('#Café');
  });

  it('rejects content with nothing to post', () => {
    expect(() => formatPost(parse({ content: '  \n ' }))).toThrow(ToolInputError);
  });

  it('validates its input schema', () => {
    expect(() => parse({ content: '' })).toThrow();
    expect(() => parse({ content: 'x', platform: 'myspace' })).toThrow();
    expect(parse({ content: 'x' }).platform).toBe('linkedin');
  });
});

describe('fitToLimit', () => {
  it('drops hashtags that would take more than their share of the limit', () => {
    const tags = ['#One', '#Two', '#Three', '#Four', '#Five', '#Six', '#Seven', '#Eight', '#Nine', '#Ten'];
    const text = fitToLimit('Hello', tags, 50);
    expect(text).toBe('Hello\n\n#One #Two');
  });
});
