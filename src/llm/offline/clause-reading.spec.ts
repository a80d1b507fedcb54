import { personalCheckOf } from './clause-reading.js';

describe('personalCheckOf', () => {
  it.each([
    ["I need to see the email before it's sent", { handOff: 'send' }],
    ['let me pick one', {}],
    ['My manager has to sign off before anything goes out', { handOff: 'publish' }],
    ['I want to review it before it is posted', { handOff: 'publish' }],
    ['Let me approve the thumbnails', {}],
  ])('reads "%s" as a person deciding on the output', (clause, check) => {
    expect(personalCheckOf(clause)).toEqual(check);
  });

  it.each(['Tell me which clauses are risky', 'Write a post about our launch', 'pick the best one of the photos and make a banner from it', 'Draft three tweets'])(
    'reads "%s" as work, not as a check',
    (clause) => {
      expect(personalCheckOf(clause)).toBeUndefined();
    },
  );

  it('reads a long clause in linear time', () => {
    const clause = `let me ${'pick '.repeat(20_000)}`;
    const started = performance.now();
    personalCheckOf(clause);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
