/** Plain-text helpers every content tool uses: whitespace, sentences, words, lengths and titles. */

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
