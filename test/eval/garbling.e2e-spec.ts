// @ts-expect-error: plain JavaScript shared with the command-line runner, typed by its use here.
import { clausesOf, garblingProblems } from './garbling.mjs';

// The garbling check on its own (no server): named .e2e-spec.ts only so that the `app` project,
// which runs test/ files by that suffix, picks it up.
const problems = (description: string, goal: string) => garblingProblems(description, goal) as string[];

const SUPPLIER =
  "Take the supplier contract I uploaded, tell me which clauses are risky, and then draft a polite email to the supplier asking to change them. I need to see the email before it's sent.";

describe('garbling check of a planned step', () => {
  it('passes a step that reads as a whole instruction, even one naming what another clause made', () => {
    expect(problems('Draft a polite email to the supplier asking to change the risky clauses', SUPPLIER)).toEqual([]);
    expect(problems('Write the LinkedIn post about our launch', 'Outline a LinkedIn post about our launch, then write the post')).toEqual([]);
    expect(problems("This week's product news as a LinkedIn post", 'Every Monday, write a LinkedIn post about this week')).toEqual([]);
    // A hyphenated compound is one word: the "you" of "a thank-you email" is nobody speaking.
    expect(problems('Write a thank-you post to the sponsors', '1. a thank-you post to the sponsors\n2. a thank-you email to the volunteers')).toEqual([]);
    // A name may end on a word that is an article elsewhere ("Series A"): only conjunctions dangle.
    expect(problems('A LinkedIn post about our Series A', 'Announce our Series A on LinkedIn')).toEqual([]);
  });

  it.each([
    ['It should be posted on LinkedIn', 'it'],
    ['them as a carousel', 'them'],
    ['This and an image', 'this'],
    ['They need a caption', 'they'],
  ])('fails a step opening on a pronoun with nothing before it: "%s"', (description, word) => {
    expect(problems(description, 'Write a post and an image')).toEqual([expect.stringContaining(`starts with "${word}"`)]);
  });

  it('fails a step carrying words of another clause of the goal', () => {
    expect(problems('Draft a polite email to the supplier asking to change the me which clauses are risky', SUPPLIER)).toEqual([
      expect.stringContaining('carries words of another clause'),
    ]);
  });

  it.each([
    ['Twice a week ( and ) write an X thread about productivity tips', 'emptied parenthesis'],
    ['Write an X thread (about productivity', 'unbalanced parenthesis'],
    ['Write a LinkedIn post and', 'ends on a dangling "and"'],
    ['Write a reel script then', 'ends on a dangling "then"'],
    ['and write a caption for the carousel', 'starts with a dangling "and"'],
  ])('fails a dangling fragment: "%s"', (description, problem) => {
    expect(problems(description, 'Twice a week (Tuesdays and Fridays at 3pm) write an X thread about productivity tips')).toContainEqual(
      expect.stringContaining(problem),
    );
  });

  it('reads the instruction for words of another clause, not the material pasted under it', () => {
    const goal = 'Check this addendum to my lease then draft a reply. I want to read the email first.\n1. Landlord may vary the charge at any time.\n2. Tenant indemnifies Landlord against any and all claims.';
    const material = goal.split('\n').slice(1).join('\n');
    expect(problems(`Check this addendum to my lease\n${material}`, goal)).toEqual([]);
    expect(problems('Draft a polite email to the supplier asking to change the me which clauses are risky\n1. The Supplier may end it.', SUPPLIER)).toContainEqual(
      expect.stringContaining('carries words of another clause'),
    );
  });

  it('reads a full stop inside an address as no end of a sentence', () => {
    const goal = 'Total up this hotel bill from the trip and email it to office@lakeview.co.nz so they can pay me back';
    expect(problems('Email the total of this hotel bill from the trip to office@lakeview.co.nz so they can pay me back', goal)).toEqual([]);
  });

  it('reads a list marker at a line start as no parenthesis', () => {
    const contract = 'Review this contract\na) Buyer shall buy only from Supplier.\nb) Prices may change (with notice).';
    expect(problems(contract, `Review this contract and flag the risks\n${contract.split('\n').slice(1).join('\n')}`)).toEqual([]);
    expect(problems('Review this contract\na) Buyer shall buy (only from Supplier.', 'Review this contract')).toContainEqual(expect.stringContaining('unbalanced parenthesis'));
  });

  it('splits a goal into its clauses at sentences and "then"', () => {
    expect(clausesOf('Outline a post. Then write it, then publish it and then tell me')).toEqual([
      'Outline a post',
      'write it',
      'publish it',
      'tell me',
    ]);
  });
});
