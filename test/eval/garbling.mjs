// Reads a planned step's description for garbling, the way a person reading the plan would notice
// it: a step that starts on a pronoun with nothing before it to refer to, a clause left dangling, or
// words of another clause of the goal pasted into it. Issue #37 quotes such steps ("Draft a polite
// email to the supplier asking to change the me which clauses are risky"; "Twice a week ( and )
// write…") that the scorer passed because it read only agents and tools.

/** Pronouns that cannot open a step: the step is read on its own, so they refer to nothing. */
const OPENING_PRONOUN = /^(it|its|them|they|their)\b/i;
/** "this"/"that"/"these"/"those" open a step only as a determiner ("This week's news"), not alone. */
const OPENING_DEMONSTRATIVE = /^(this|that|these|those)\b(?=\s*($|[.,;:!?)]|(is|are|was|were|and|or|to|for|with|after|before|then|one|ones)\b))/i;
/** Words that belong to the asker speaking, not to an instruction: a run carrying one is pasted in. */
const SPEAKER_WORDS = new Set(['me', 'i', 'my', 'you', 'your', "i'm", "i've", "i'll", 'let']);
/** The least run of another clause's words that counts as a pasted fragment. */
const FRAGMENT_WORDS = 3;

// A hyphenated compound is one word: "a thank-you email" names a kind of email, the asker says no "you" in it.
const words = (text) => String(text).toLowerCase().match(/[a-z0-9']+(?:-[a-z0-9']+)*/g) ?? [];

/**
 * The goal's clauses: sentences, then their parts joined by "and then", ", then", "then", ";". A
 * full stop inside a word ("accounts@firm.sg", "e.g") ends no sentence.
 */
export function clausesOf(goal) {
  return String(goal)
    .split(/[.!?;]+(?=\s|$)|\n+|,?\s+and then\s+|,\s*then\s+|,?\s+then\s+|,\s+and\s+/i)
    .map((clause) => clause.trim())
    .filter(Boolean);
}

/** True when some FRAGMENT_WORDS-long run of `fragment` that carries a speaker's word occurs in `text`. */
function hasSpeakerRun(text, fragment) {
  const joined = ` ${words(text).join(' ')} `;
  const parts = words(fragment);
  for (let start = 0; start + FRAGMENT_WORDS <= parts.length; start += 1) {
    const run = parts.slice(start, start + FRAGMENT_WORDS);
    if (run.some((word) => SPEAKER_WORDS.has(word)) && joined.includes(` ${run.join(' ')} `)) return true;
  }
  return false;
}

/**
 * What is garbled in one step's description, given the goal it was planned from: a list of
 * problems, empty when the description reads as a whole instruction.
 */
export function garblingProblems(description, goal) {
  const text = String(description ?? '').trim();
  const problems = [];
  if (OPENING_PRONOUN.test(text) || OPENING_DEMONSTRATIVE.test(text)) {
    problems.push(`starts with "${words(text)[0]}", which refers to nothing before it`);
  }
  if (/^(and|then|or|but)\b/i.test(text)) problems.push(`starts with a dangling "${words(text)[0]}"`);
  if (/\b(and|then|or|but)\s*[.,;:]?$/i.test(text)) problems.push(`ends on a dangling "${words(text).at(-1)}"`);
  if (/\(\s*(and|or|,|\s)*\s*\)/i.test(text)) problems.push('has an emptied parenthesis');
  // A list marker at a line's start ("a) Buyer shall…", "2) …", "iv) …") closes no parenthesis.
  const unmarked = text.replace(/^\s*(?:[a-z]|\d{1,2}|[ivx]{1,4})\)/gim, '');
  const opened = (unmarked.match(/\(/g) ?? []).length;
  const closed = (unmarked.match(/\)/g) ?? []).length;
  if (opened !== closed) problems.push('has an unbalanced parenthesis');
  // A run of the asker's own words ("me which clauses") can only come from pasting a clause of
  // the goal; the clause the step was written from may hold it legitimately, so it is skipped.
  // Only the instruction (the first line) is read: lines under it are material pasted with the
  // goal (a contract, a receipt), carried verbatim on purpose, and would otherwise be taken for
  // the step's home clause.
  const instruction = text.split('\n')[0];
  const clauses = clausesOf(goal);
  const own = new Set(words(instruction));
  const overlap = (clause) => words(clause).filter((word) => own.has(word)).length;
  const home = clauses.reduce((best, clause) => (overlap(clause) > overlap(best) ? clause : best), clauses[0] ?? '');
  for (const clause of clauses) {
    if (clause !== home && hasSpeakerRun(instruction, clause)) problems.push(`carries words of another clause ("${clause}")`);
  }
  return problems;
}
