import { extractKeyPhrases, splitIdeas } from './key-phrases.js';

describe('key phrases', () => {
  it('drops stop words and ranks repeated themes first', () => {
    const phrases = extractKeyPhrases('Remote work is hard. Remote teams need async rituals for remote work.', 3);
    expect(phrases[0]).toBe('Remote work');
    expect(phrases).not.toContain('is');
  });

  it('splits list-shaped subjects into ideas', () => {
    expect(splitIdeas('sleep, focus and exercise', 5)).toEqual(['sleep', 'focus', 'exercise']);
    expect(splitIdeas('our new product launch for developers', 5)).toEqual(['product launch', 'developers']);
  });
});
