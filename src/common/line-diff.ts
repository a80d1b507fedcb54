/** Above this many line pairs the diff gives up matching and shows the whole text replaced (keeps it O(bounded)). */
const MAX_LINE_PAIRS = 4_000_000;

/**
 * A unified diff of two texts, line by line, as one hunk with every line as context ("-" removed,
 * "+" added, " " kept): what an approver changed in an asset. A longest-common-subsequence match;
 * no diff library is installed (docs/decisions/approve-with-edits.md).
 */
export function unifiedLineDiff(before: string, after: string, name: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const lines = a.length * b.length > MAX_LINE_PAIRS ? replaced(a, b) : matched(a, b);
  return [`--- ${name}`, `+++ ${name}`, `@@ -1,${a.length} +1,${b.length} @@`, ...lines].join('\n');
}

function replaced(a: string[], b: string[]): string[] {
  return [...a.map((line) => `-${line}`), ...b.map((line) => `+${line}`)];
}

function matched(a: string[], b: string[]): string[] {
  // common[i][j]: the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const lines: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push(` ${a[i++]}`);
      j++;
    } else if (j < b.length && (i === a.length || common[i][j + 1] >= common[i + 1][j])) {
      lines.push(`+${b[j++]}`);
    } else {
      lines.push(`-${a[i++]}`);
    }
  }
  return lines;
}
