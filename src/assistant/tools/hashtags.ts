/** Hashtags of a social post: the ones the model gave, or the key phrases of its text. */
import { extractKeyPhrases } from './key-phrases.js';
import { capitalize } from './prose.js';

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
