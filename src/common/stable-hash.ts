/**
 * FNV-1a, 32 bits: the same text always gives the same number, across processes and releases (a
 * topic keeps its colours; the offline model names a tool call the same way on every replay).
 * Not for anything an attacker may pick to collide.
 */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
