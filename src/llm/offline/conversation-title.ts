/** The most words a summarised title keeps. */
const TITLE_MAX_WORDS = 6;

/** Greetings and requests around the ask ("Hi, could you please …"), which say nothing of its subject. */
const LEAD_IN = /^(?:(?:(?:hi|hello|hey)(?: there)?|ok(?:ay)?|so|please|pls|can you|could you|would you|will you|i(?: would|'d)? (?:want|need|like)(?: you)? to|help me(?: to)?|let's|lets)\b[\s,!.:;-]*)+/i;
/** Verbs that ask for something to be made: the thing made is the subject ("Write a post about X" is "Post about X"). */
const MAKING = /^(?:write|make|create|draft|generate|produce|compose|prepare|give me|tell me about|tell me|show me|come up with|put together)\b\s*/i;
/** Words that carry no subject anywhere in a title. */
const FILLER = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'some', 'please', 'this', 'that', 'these', 'those', 'me', 'us']);
/** Words a title does not end on ("Post about"). */
const TRAILING = new Set(['about', 'for', 'of', 'to', 'in', 'on', 'and', 'or', 'with', 'from', 'by', 'at', 'as', 'is', 'are']);

/**
 * The offline model's title for a conversation: its first message summarised into a few words, its
 * subject rather than its opening ("Write an Instagram post about our new bakery opening" is
 * "Instagram post about new bakery opening"). Deterministic, like the rest of the offline model.
 */
export function summariseTitle(firstMessage: string): string {
  const firstSentence = (text: string) => text.split(/[.!?\n]+/).find((part) => /[\p{L}\p{N}]/u.test(part))?.trim() ?? '';
  const wordsOf = (text: string) => (text.match(/[\p{L}\p{N}][\p{L}\p{N}'’&#+-]*/gu) ?? []).filter((word) => !FILLER.has(word.toLowerCase()));
  const subject = wordsOf(firstSentence(firstMessage.trim().replace(LEAD_IN, '')).replace(MAKING, ''));
  // A message that is all greeting ("Hello") is its own title.
  const words = (subject.length > 0 ? subject : wordsOf(firstSentence(firstMessage))).slice(0, TITLE_MAX_WORDS);
  while (words.length > 1 && TRAILING.has(words.at(-1)!.toLowerCase())) words.pop();
  const title = words.join(' ');
  return title ? title.charAt(0).toUpperCase() + title.slice(1) : 'New conversation';
}
