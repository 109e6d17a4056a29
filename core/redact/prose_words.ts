/**
 * The words of prose as the binder (`prose.ts`) reads them: runs between spaces, quotes, table
 * bars and CJK characters, and the ends of the line a label sits on, read no further than a
 * bounded reach so long lines stay linear.
 *
 * @module
 */
import type { Word } from "./prose_value.ts";

/** What ends a word: spaces, semicolons, quotes, table bars, Thai and CJK characters. */
const SEPARATORS = String
  .raw`\s;"\`|\u0E00-\u0E7F\u1100-\u11FF\u3000-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF01-\uFF1F`;
/** After a semicolon, what makes it end a clause or a setting rather than sit inside a value. */
const GLUED = String.raw`[\s;]|$|[A-Za-z_][\w .]{0,30}=`;

/**
 * A word: a run between spaces, quotes, table bars and CJK characters (kana, hanzi, hangul).
 * A semicolon ends a word only where it ends a clause (before a space or the end) or a
 * setting (`;Host=`): inside a run it is a character of the value (`U4!(H5,:r;Jrr&z`).
 */
const WORD = new RegExp(
  `(?:[^${SEPARATORS}]|;(?!${GLUED}))[^${SEPARATORS}]*(?:;(?!${GLUED})[^${SEPARATORS}]*)*`,
  "g",
);

/** How far around a label redaction looks for its line's ends: keeps long lines linear. */
const REACH = 600;

/** The end of the line at `from`, or `from + REACH` when the line runs on (then `cut`). */
export function lineEndFrom(text: string, from: number): { end: number; cut: boolean } {
  const window = text.slice(from, from + REACH);
  const at = window.indexOf("\n");
  if (at !== -1) return { end: from + at, cut: false };
  return { end: from + window.length, cut: from + window.length < text.length };
}

/** The start of the line at `to`, looking back at most REACH characters. */
export function lineStartBefore(text: string, to: number): number {
  const from = Math.max(0, to - REACH);
  return from + text.slice(from, to).lastIndexOf("\n") + 1;
}

/** The words of `text` in [from, to), at most `limit` of them. */
export function words(text: string, from: number, to: number, limit = Infinity): Word[] {
  const out: Word[] = [];
  const window = text.slice(from, to);
  WORD.lastIndex = 0;
  for (let m = WORD.exec(window); m !== null && out.length < limit; m = WORD.exec(window)) {
    out.push({ start: from + m.index, end: from + m.index + m[0].length, text: m[0] });
  }
  return out;
}
