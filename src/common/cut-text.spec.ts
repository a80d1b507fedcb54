import { cutText } from './cut-text.js';

describe('cutText', () => {
  it('leaves text within the limit as it is', () => {
    expect(cutText('short', 5)).toBe('short');
    expect(cutText('😀', 2)).toBe('😀');
  });

  it('cuts longer text to the limit, the ellipsis included', () => {
    expect(cutText('abcdefgh', 5)).toBe('abcd…');
    expect(cutText('abcdefgh', 5)).toHaveLength(5);
  });

  it('leaves out an emoji the cut would split, instead of keeping half of it', () => {
    // "ab😀cd": the first four units end with the emoji's first half.
    expect(cutText('abc😀de', 5)).toBe('abc…');
    expect(cutText('ab😀cde', 5)).toBe('ab😀…');
    expect(cutText('😀😀😀', 4)).toBe('😀…');
  });

  it('never leaves an unpaired surrogate, whatever the limit', () => {
    const text = `x${'😀'.repeat(20)}`;
    for (let max = 1; max <= text.length; max++) {
      const cut = cutText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
    }
  });
});
