/** Keywords of a subject: the ideas outlines, reels and scripts list, and what thumbnails and hashtags are made of. */
import { countWords, truncateAtWord } from './prose.js';

/** Function words and request filler that never make a good keyword or hashtag. */
export const STOP_WORDS = new Set(
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
