import { summariseTitle } from './conversation-title.js';

describe('summariseTitle', () => {
  it.each([
    ['Write an Instagram post about our new bakery opening', 'Instagram post about new bakery opening'],
    ['Research three trending topics in sustainable fashion for our brand', 'Research three trending topics in sustainable'],
    ['Hi! Could you please review this NDA for risky clauses?', 'Review NDA for risky clauses'],
    ['hello', 'Hello'],
    ['Hello there, what can you do?', 'What can you do'],
    ['   ', 'New conversation'],
    ['???', 'New conversation'],
    ['Make me a thumbnail for my cooking video. It should be bright.', 'Thumbnail for cooking video'],
    ['Tell me about legal reviews', 'Legal reviews'],
  ])('summarises %j as %j', (message, title) => {
    expect(summariseTitle(message)).toBe(title);
  });

  it('keeps a few words, never a cut of the whole message', () => {
    const title = summariseTitle(`Plan ${'a very long and winding '.repeat(20)}campaign`);
    expect(title.split(' ').length).toBeLessThanOrEqual(6);
  });
});
