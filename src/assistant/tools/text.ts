/**
 * Text helpers shared by the content tools. Tool inputs arrive either as proper content from a real
 * model or as the user's whole request from the offline model ("Write a LinkedIn post about X"), so
 * most tools first separate the subject from the instruction, then work on keywords of the subject.
 */

/** Function words and request filler that never make a good keyword or hashtag. */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his how i if ' +
    'in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she ' +
    'should so some such than that the their theirs them then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your yours us let lets get gets got make makes ' +
    'made new great best good really much many one two three like want need please thanks thank via per vs etc ' +
    'write create draft generate compose produce prepare design build craft give format short quick catchy engaging ' +
    'post posts outline reel reels script scripts video videos thumbnail thumbnails concept concepts image picture photo ' +
    'caption captions hashtag hashtags linkedin instagram insta twitter tweet facebook tiktok threads youtube shorts podcast ' +
    'explainer illustration poster seconds second minutes minute matter matters important thing things way ways everything something'
  ).split(' '),
);

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
    'announcement content message description ideas summary episode ad advert promo poster illustration podcast explainer'
  ).split(' '),
);
/** Words that describe the requested output rather than its subject ("a short, punchy LinkedIn carousel"). */
const REQUEST_FILLER = new Set(
  (
    'text update idea list version piece series segment intro teaser trailer campaign slides deck ' +
    'professional funny viral inspiring informative detailed brief long casual formal friendly fun creative simple compelling ' +
    'persuasive motivational educational witty punchy clear concise thoughtful exciting cool nice bold minimal realistic'
  ).split(' '),
);
// "... with hashtags", "... in 30 seconds", "... please": directions trailing the subject.
const TRAILING_FILLER = new RegExp(
  String.raw`(?:\s*\b(?:with|and|plus)\s+(?:some\s+)?(?:hashtags|emojis?)|\s*\b(?:in|under|of|lasting)\s+\d+\s*` +
    String.raw`(?:s|secs?|seconds?|mins?|minutes?)\b|\s*\b(?:please|thanks|thank\s+you))+\s*[.!?]*\s*$`,
  'i',
);
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
  const connectors = [...head.matchAll(CONNECTOR)].filter((match) => countWords(head.slice(0, match.index)) <= MAX_HEAD_WORDS);
  const [first] = connectors;
  const before = first ? head.slice(0, first.index) : head;
  const words = [...before.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)];
  const firstContent = words.find((word) => !isRequestFiller(word[0]));
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

/** Collapses runs of spaces and tabs, trims lines and keeps at most one blank line between paragraphs. */
export function normalizeText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\u00A0]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The text on one line with single spaces. */
export function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Sentence split good enough for prose: after . ! ? (or …) when a capital, digit or quote follows. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"“'(\p{Extended_Pictographic}])/u)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu)?.length ?? 0;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Cuts text to at most `max` UTF-16 units (what X and most limits count; emoji weigh two), at a word
 * boundary when one is near, never inside an emoji or accented letter, and ends it with an ellipsis.
 */
export function truncateAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  if (max <= 1) return max === 1 ? '…' : '';
  let kept = '';
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length + segment.length > max - 1) break;
    kept += segment;
  }
  const boundary = kept.search(/\s\S*$/);
  const endsAtWord = /^\s/.test(text.slice(kept.length));
  // Only back up to a space that keeps most of the text; a single huge word is cut mid-word.
  if (!endsAtWord && boundary > kept.length * 0.6) kept = kept.slice(0, boundary);
  return `${kept.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
}

/** Upper-cases the first letter, leaving the rest (acronyms, names) as written. */
export function capitalize(text: string): string {
  return text.replace(/^\p{Ll}/u, (letter) => letter.toUpperCase());
}

/** A one-line headline: first sentence, without hashtags, links or Markdown marks, cut at a word. */
export function deriveTitle(text: string, max = 80, fallback = 'Untitled'): string {
  const plain = normalizeSpace(
    text
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/(^|\s)#[\p{L}\p{N}_]+/gu, ' ')
      .replace(/[*_`>#|[\]]/g, ' '),
  );
  const firstSentence = (splitSentences(plain)[0] ?? '').replace(/[.!?]+$/, '');
  const title = capitalize(truncateAtWord(firstSentence, max));
  return /[\p{L}\p{N}]/u.test(title) ? title : fallback;
}

/**
 * Salient key phrases, best first: runs of content words between stop words and punctuation, scored
 * by how often their words occur (so repeated themes win) with ties going to the earlier phrase.
 */
export function extractKeyPhrases(text: string, limit: number, maxWords = 2): string[] {
  const phrases: string[][] = [];
  let current: string[] = [];
  const flush = (): void => {
    // Long runs are split so a hashtag stays readable (#ProductLaunch, not #NewProductLaunchEventToday).
    for (let i = 0; i < current.length; i += maxWords) phrases.push(current.slice(i, i + maxWords));
    current = [];
  };
  const tokens = text.slice(0, 20_000).match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*|[^\s\p{L}\p{N}]/gu) ?? [];
  for (const raw of tokens) {
    const word = raw.replace(/['’]s$|['’-]+$/u, '');
    if (!isContentWord(word)) flush();
    else current.push(word);
  }
  flush();

  const frequency = new Map<string, number>();
  for (const word of phrases.flat()) frequency.set(word.toLowerCase(), (frequency.get(word.toLowerCase()) ?? 0) + 1);
  const seen = new Set<string>();
  return phrases
    .map((words, position) => ({
      phrase: words.join(' '),
      position,
      score: words.reduce((sum, word) => sum + (frequency.get(word.toLowerCase()) ?? 0) + (word.length >= 6 ? 0.5 : 0), 0),
    }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .map(({ phrase }) => phrase)
    .filter((phrase) => {
      const key = phrase.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, limit);
}

function isContentWord(word: string): boolean {
  if (!/\p{L}/u.test(word) || STOP_WORDS.has(word.toLowerCase())) return false;
  // Short words carry little meaning unless they are acronyms such as AI or UX.
  return word.length >= 3 || /^\p{Lu}{2,}$/u.test(word);
}

/** "product launch" → "#ProductLaunch"; undefined when nothing taggable is left (emoji, digits only). */
function toHashtag(phrase: string): string | undefined {
  const parts = phrase.replace(/^#+/, '').split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const tag = parts
    .map((part) => (/\p{Lu}/u.test(part.slice(1)) ? part : capitalize(part.toLowerCase())))
    .join('')
    .slice(0, 40);
  return /\p{L}/u.test(tag) ? `#${tag}` : undefined;
}

/** Normalizes the given hashtags or derives them from the text; deduplicated case-insensitively. */
export function buildHashtags(text: string, count: number, given: readonly string[] = []): string[] {
  const candidates = given.length > 0 ? given : hashtagCandidates(text, count);
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const candidate of candidates) {
    const tag = toHashtag(candidate);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags.slice(0, given.length > 0 ? Math.max(count, given.length) : count);
}

function hashtagCandidates(text: string, count: number): string[] {
  const phrases = extractKeyPhrases(text, count);
  // Single words of multiword phrases fill the remaining slots on hashtag-hungry platforms.
  const words = phrases.flatMap((phrase) => (phrase.includes(' ') ? phrase.split(' ') : []));
  return [...phrases, ...words];
}

/** "Remote work: async, focus" → "Remote work"; a subject without such a label is its own name. */
export function topicName(subject: string): string {
  const [name = '', list] = subject.split(/:\s+/, 2);
  return list && countWords(name) > 0 ? name.trim() : subject;
}

/**
 * Key ideas of a subject for outlines, reels and scripts: its own list items ("x: a, b and c") when it
 * has them, else its key phrases.
 */
export function splitIdeas(subject: string, max: number): string[] {
  const name = topicName(subject);
  const list = name === subject ? subject : subject.slice(subject.indexOf(':') + 1);
  const parts = list
    .split(/\s*(?:[,;\n]|\s(?:and|&|vs\.?|versus|or|then|plus)\s)\s*/i)
    .map((part) => part.trim().replace(/^(?:and|or)\s+/i, '').replace(/[.!?]+$/, ''))
    .filter((part) => extractKeyPhrases(part, 1).length > 0);
  const ideas = parts.length >= 2 ? parts : extractKeyPhrases(subject, max, 3);
  return [...new Set(ideas.map((idea) => truncateAtWord(idea, 80)))].slice(0, max);
}

/** Seconds as m:ss, the way video tools show durations. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** FNV-1a: a stable 32-bit hash so the same topic always gets the same colours. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
