import { stableHash } from './stable-hash.js';

describe('stableHash', () => {
  it('is FNV-1a of the text: the same on every run, different for a different text', () => {
    // The published FNV-1a 32-bit values of "" and "a".
    expect(stableHash('')).toBe(0x811c9dc5);
    expect(stableHash('a')).toBe(0xe40c292c);
    expect(stableHash('topic')).not.toBe(stableHash('topic!'));
  });
});
