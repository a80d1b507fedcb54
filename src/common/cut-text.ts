/**
 * `text` cut to at most `max` UTF-16 units, the last of them "…", never between the two halves of
 * a surrogate pair (an emoji is one): a pair the cut would split is left out whole. A lone half is
 * no character: PostgreSQL's text types store it as U+FFFD, and its jsonb refuses it outright.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = max - 1;
  const splitsPair = end > 0 && isHighSurrogate(text.charCodeAt(end - 1));
  return `${text.slice(0, splitsPair ? end - 1 : end)}…`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
