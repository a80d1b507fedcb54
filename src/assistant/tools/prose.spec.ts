import { countWords, deriveTitle, truncateAtWord } from './prose.js';

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

describe('words and titles', () => {
  it('counts words across scripts and contractions', () => {
    expect(countWords("It's a café — naïve 😀 test-driven")).toBe(5);
  });

  it('derives a clean title', () => {
    expect(deriveTitle('**Big news** from #Acme: we launched! More at https://x.y')).toBe('Big news from : we launched');
    expect(deriveTitle('🚀🔥', 80, 'Social post')).toBe('Social post');
  });
});
