/**
 * Requests as the offline model passes them on: the user's whole message ("Write a LinkedIn post
 * about X. Mention Y.") where a real model would pass the content. Every content tool separates the
 * subject from the instruction first.
 */
import { STOP_WORDS } from './key-phrases.js';
import { capitalize, countWords, normalizeSpace, splitSentences } from './prose.js';

/** "a b c" → "(?:a|b|c)", so that long word alternations in patterns stay readable and wrap like prose. */
function alternation(words: string): string {
  return `(?:${words.trim().split(/\s+/).join('|')})`;
}

const POLITE_PREFIX = new RegExp(
  String.raw`^\s*(?:(?:hey|hi|hello)[,!]?\s+)?(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?)?` +
    String.raw`(?:(?:i\s+(?:need|want|would\s+like)|i'd\s+like)\s+(?:you\s+to\s+)?|help\s+me\s+(?:to\s+)?|let's\s+)?(?:please\s+)?`,
  'i',
);
const INSTRUCTION_VERB = new RegExp(
  '^' +
    alternation(String.raw`write create draft make generate compose produce prepare design build craft give format come\s+up\s+with
      put\s+together plan outline brainstorm turn suggest propose render draw paint illustrate script film record need want`) +
    String.raw`\b\s*(?:me\s+|us\s+)?`,
  'i',
);
// "for LinkedIn", "on X": where the output goes, not what it is about.
const PLATFORM_PHRASE = new RegExp(
  String.raw`\s*\b(?:for|on|to|in)\s+` +
    alternation(String.raw`linkedin instagram insta x twitter facebook fb tiktok threads youtube(?:\s+shorts)? shorts
      (?:a\s+|my\s+|our\s+)?podcast`) +
    String.raw`\b`,
  'gi',
);
const CONNECTOR = new RegExp(
  String.raw`\b${alternation(`about on regarding covering around explaining describing featuring introducing announcing showcasing
    highlighting promoting showing depicting titled called of for that with`)}\b|:`,
  'gi',
);
// "a post for developers about X": the audience comes first, the subject after the stronger connector.
const WEAK_CONNECTORS = new Set(['for', 'that', 'with']);
/** What a request asks for; "Write code daily" names none, so it is content, not a request. */
const OUTPUT_NOUNS = new Set(
  (
    'post posts outline reel reels script scripts video videos thumbnail thumbnails concept concepts image images picture ' +
    'pictures photo photos caption captions tweet tweets thread article blog carousel story stories newsletter email copy ' +
    'announcement content message description ideas summary episode ad advert promo poster illustration podcast explainer ' +
    'tips reasons ways mistakes lessons facts steps variations versions options'
  ).split(' '),
);
/** Words that describe the requested output rather than its subject ("a short, punchy LinkedIn carousel"). */
const REQUEST_FILLER = new Set(
  (
    'text update idea list version piece series segment intro teaser trailer campaign slides deck couple pair few several handful ' +
    'professional funny viral inspiring informative detailed brief long casual formal friendly fun creative simple compelling ' +
    'persuasive motivational educational witty punchy clear concise thoughtful exciting cool nice bold minimal realistic'
  ).split(' '),
);
// "... with hashtags", "... in 30 seconds", "... please": directions trailing the subject.
const TRAILING_FILLER = new RegExp(
  String.raw`(?:,?\s*\bas\s+an?\s+(?:[\w-]+\s+){0,2}(?:post|tweet|thread|caption|carousel)s?|\s*\b(?:with|and|plus)\s+(?:some\s+)?(?:hashtags|emojis?)|\s*\b(?:in|under|of|lasting)\s+\d+\s*` +
    String.raw`(?:s|secs?|seconds?|mins?|minutes?)\b|\s*\b(?:please|thanks|thank\s+you))+\s*[.!?]*\s*$`,
  'i',
);
/** The end of a quantity that "of" follows ("a couple of", "a handful of"). */
const QUANTITY_OF = /\b(?:couple|pair|few|handful|lot|bunch|set)\s*$/i;
/** Instructions name their subject within this many words, or they are not instructions. */
const MAX_HEAD_WORDS = 10;

export interface ParsedRequest {
  /** What the text is about: the whole text, or for a request its subject ("our product launch"). */
  subject: string;
  /** Sentences that followed the request's first sentence ("Mention the beta."); empty otherwise. */
  details: string;
  /** True when the text was an instruction rather than the content itself. */
  isRequest: boolean;
}

/** Separates "Write a LinkedIn post about X. Mention Y." into subject X and details "Mention Y.". */
export function parseRequest(text: string): ParsedRequest {
  const normalized = normalizeSpace(text);
  const [first = '', ...rest] = splitSentences(normalized);
  const afterPolite = first.replace(POLITE_PREFIX, '');
  const verb = INSTRUCTION_VERB.exec(afterPolite);
  if (!verb) return { subject: normalized, details: '', isRequest: false };

  const head = afterPolite.slice(verb[0].length).replace(PLATFORM_PHRASE, '');
  const subject = cleanSubject(subjectOfInstruction(head));
  if (!subject) return { subject: normalized, details: '', isRequest: false };
  return { subject, details: rest.join(' '), isRequest: true };
}

/** "a short LinkedIn post about X" → "X"; "a post thanking our team" → "thanking our team". */
function subjectOfInstruction(head: string): string {
  const connectors = [...head.matchAll(CONNECTOR)].filter(
    // "a couple of captions": the "of" of a quantity joins no subject.
    (match) => countWords(head.slice(0, match.index)) <= MAX_HEAD_WORDS && !QUANTITY_OF.test(head.slice(Math.max(0, match.index - 10), match.index)),
  );
  const [first] = connectors;
  const before = first ? head.slice(0, first.index) : head;
  const words = [...before.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  // "our followers three tips for…": what comes before the output's noun is its audience, not its subject.
  const lastOutput = words.findLast((word) => OUTPUT_NOUNS.has(word[0].toLowerCase()));
  const firstContent = words.find((word) => !isRequestFiller(word[0]) && (!lastOutput || word.index > lastOutput.index));
  if (firstContent) {
    const named = words.some((word) => word.index < firstContent.index && OUTPUT_NOUNS.has(word[0].toLowerCase()));
    return named ? head.slice(firstContent.index) : '';
  }
  if (!first) return '';
  const chosen = WEAK_CONNECTORS.has(first[0].toLowerCase())
    ? (connectors.find((match) => !WEAK_CONNECTORS.has(match[0].toLowerCase()) && countWords(head.slice(first.index, match.index)) <= 6) ??
      first)
    : first;
  return head.slice(chosen.index + chosen[0].length);
}

function isRequestFiller(word: string): boolean {
  const lower = word.toLowerCase();
  // Quantities and lengths ("3", "30-second") size the output; they are not its subject.
  if (/^\p{N}/u.test(word) || !/\p{L}/u.test(word)) return true;
  return STOP_WORDS.has(lower) || OUTPUT_NOUNS.has(lower) || REQUEST_FILLER.has(lower);
}

const POINT_VERB = new RegExp(
  String.raw`^(?:please\s+)?(?:also\s+)?` +
    alternation(String.raw`mention include add highlight emphasi[sz]e cover note stress say explain talk\s+about focus\s+on
      point\s+out share`) +
    String.raw`\s+(?:that\s+)?`,
  'i',
);
const STYLE_DIRECTION = /^(?:please\s+)?(?:keep|make|use|write|avoid|don't|do\s+not|no|tone|target|aim|limit)\b/i;

/**
 * The points a request's details ask to cover: "Mention the free beta." → "The free beta". Style
 * directions ("Keep it short.") shape the output, not its content, so they are dropped.
 */
export function detailPoints(details: string): string[] {
  return splitSentences(details)
    .filter((sentence) => !STYLE_DIRECTION.test(sentence))
    .map((sentence) => capitalize(sentence.replace(POINT_VERB, '').replace(/[.!?]+$/, '').trim()))
    .filter((point) => /[\p{L}\p{N}]/u.test(point));
}

function cleanSubject(text: string): string {
  return text
    .replace(TRAILING_FILLER, '')
    .replace(/^[\s:,\-–—]+|[\s.!?,;:]+$/g, '')
    .trim();
}
