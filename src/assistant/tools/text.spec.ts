import {
  buildHashtags,
  countWords,
  deriveTitle,
  extractKeyPhrases,
  formatDuration,
  hashString,
  parseRequest,
  splitIdeas,
  truncateAtWord,
} from './text.js';

describe('parseRequest', () => {
  it.each([
    ['Write a LinkedIn post about our new product launch for developers', 'our new product launch for developers'],
    ['Please create an image of a cat sitting on a skateboard', 'a cat sitting on a skateboard'],
    ['Write a post for developers about our API launch', 'our API launch'],
    ['Make 3 thumbnail concepts for my video about budgeting', 'budgeting'],
    ['Can you write a YouTube script on remote work productivity?', 'remote work productivity'],
    ['Draft a tweet announcing our Series A', 'our Series A'],
    ['Write a LinkedIn post thanking our team for the award', 'thanking our team for the award'],
    ['Create an outline for a blog post on time management', 'time management'],
    ['Write a short, punchy Instagram caption about coffee with hashtags', 'coffee'],
    ['Create a 30-second reel about morning habits in 30 seconds', 'morning habits'],
  ])('finds the subject of %j', (request, subject) => {
    expect(parseRequest(request)).toEqual({ subject, details: '', isRequest: true });
  });

  it('keeps the sentences after the request as details', () => {
    expect(parseRequest('Write a post about our launch. Mention the beta and pricing.')).toEqual({
      subject: 'our launch',
      details: 'Mention the beta and pricing.',
      isRequest: true,
    });
  });

  it('treats proper content as the subject itself', () => {
    const content = 'We shipped dark mode today. It took three sprints.';
    expect(parseRequest(content)).toEqual({ subject: content, details: '', isRequest: false });
  });

  it('does not mistake content that starts with a verb for a request', () => {
    expect(parseRequest('Write code every day. It compounds.').isRequest).toBe(false);
    expect(parseRequest('Build trust with your team first.').isRequest).toBe(false);
  });

  it('stays fast on huge request-shaped text', () => {
    const started = performance.now();
    const parsed = parseRequest(`Write a LinkedIn post about ${'remote work with hashtags and '.repeat(700)}please`);
    expect(parsed.isRequest).toBe(true);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('falls back to the whole text when the request names no subject', () => {
    expect(parseRequest('Write a LinkedIn post').isRequest).toBe(false);
  });
});

describe('truncateAtWord', () => {
  it('leaves short text alone', () => {
    expect(truncateAtWord('hello world', 20)).toBe('hello world');
  });

  it('cuts at a word boundary and adds an ellipsis within the limit', () => {
    const cut = truncateAtWord('The quick brown fox jumps over the lazy dog', 20);
    expect(cut).toBe('The quick brown fox…');
    expect(cut.length).toBeLessThanOrEqual(20);
  });

  it('never splits an emoji or a family grapheme', () => {
    const cut = truncateAtWord('👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 15);
    expect(cut.length).toBeLessThanOrEqual(15);
    expect(cut).toBe('👨‍👩‍👧‍👦…');
  });
});

describe('keywords and hashtags', () => {
  it('drops stop words and ranks repeated themes first', () => {
    const phrases = extractKeyPhrases('Remote work is hard. Remote teams need async rituals for remote work.', 3);
    expect(phrases[0]).toBe('Remote work');
    expect(phrases).not.toContain('is');
  });

  it('builds CamelCase, deduplicated hashtags', () => {
    expect(buildHashtags('', 5, ['product launch', '#AI', 'iPhone tips', '🚀 2024'])).toEqual(['#ProductLaunch', '#AI', '#iPhoneTips']);
    expect(buildHashtags('', 5, ['dev tools', '#DevTools', 'café'])).toEqual(['#DevTools', '#Café']);
  });

  it('splits list-shaped subjects into ideas', () => {
    expect(splitIdeas('sleep, focus and exercise', 5)).toEqual(['sleep', 'focus', 'exercise']);
    expect(splitIdeas('our new product launch for developers', 5)).toEqual(['product launch', 'developers']);
  });
});

describe('small helpers', () => {
  it('counts words across scripts and contractions', () => {
    expect(countWords("It's a café — naïve 😀 test-driven")).toBe(5);
  });

  it('formats durations and hashes deterministically', () => {
    expect(formatDuration(150)).toBe('2:30');
    expect(formatDuration(5)).toBe('0:05');
    expect(hashString('topic')).toBe(hashString('topic'));
    expect(hashString('topic')).not.toBe(hashString('topic!'));
  });

  it('derives a clean title', () => {
    expect(deriveTitle('**Big news** from #Acme: we launched! More at https://x.y')).toBe('Big news from : we launched');
    expect(deriveTitle('🚀🔥', 80, 'Social post')).toBe('Social post');
  });
});
