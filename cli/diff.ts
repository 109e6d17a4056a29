/**
 * A line diff for showing what a change to a small text file does (`helix connect --dry-run`).
 *
 * @module
 */

/**
 * `before` → `after` as unified-style lines (`-` removed, `+` added, two lines of context
 * around each change, `…` where unchanged lines are left out).
 *
 * @example Usage
 * ```ts
 * import { lineDiff } from "./diff.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(lineDiff("a\nb\nc\n", "a\nB\nc\n"), "  a\n- b\n+ B\n  c\n");
 * ```
 */
export function lineDiff(before: string, after: string, context = 2): string {
  const a = before === "" ? [] : before.replace(/\n$/, "").split("\n");
  const b = after === "" ? [] : after.replace(/\n$/, "").split("\n");
  // Longest common subsequence table, from the end.
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j]
        ? lcs[i + 1]![j + 1]! + 1
        : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: { mark: " " | "-" | "+"; line: string }[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) ops.push({ mark: " ", line: a[i++]! }), j++;
    else if (i < a.length && (j >= b.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      ops.push({ mark: "-", line: a[i++]! });
    } else ops.push({ mark: "+", line: b[j++]! });
  }
  const near = ops.map((_, k) =>
    ops.slice(Math.max(0, k - context), k + context + 1).some((op) => op.mark !== " ")
  );
  const out: string[] = [];
  let skipped = false;
  for (const [k, op] of ops.entries()) {
    if (op.mark === " " && !near[k]) {
      if (!skipped) out.push("…");
      skipped = true;
      continue;
    }
    skipped = false;
    out.push(`${op.mark} ${op.line}`);
  }
  return out.length ? `${out.join("\n")}\n` : "";
}
