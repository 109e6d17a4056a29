/**
 * A command continued over lines with a backslash: the shell reads `-u ops:\` and the next line
 * as one word (`-u ops:<value>`), so a secret can start on the continuation line with its label
 * on the line before. A command whose break cuts a word is read again joined as the shell joins
 * it, and the word the break cut goes when the joined reading redacts it.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";

/** Lines ending in a backslash, and the line after the last of them: one command. */
const COMMAND = /(?:[^\n]{0,400}\\\r?\n){1,40}[^\n]{0,400}/g;

/** Candidates for words that a continuation cut off from their key. */
export function joinedLineCandidates(
  text: string,
  out: Candidate[],
  reread: (line: string) => string,
): void {
  if (!/\\\r?\n/.test(text)) return;
  for (const m of text.matchAll(COMMAND)) {
    const lines = m[0].split(/\\\r?\n/);
    // Where a break cuts a word: right after a key's `:` or `=`, or between two characters.
    const cut: number[] = [];
    for (let i = 1; i < lines.length; i++) {
      if (/[:=]$/.test(lines[i - 1]!) || /\S$/.test(lines[i - 1]!) && /^\S/.test(lines[i]!)) {
        cut.push(i);
      }
    }
    if (cut.length === 0) continue;
    const joined = reread(lines.join(""));
    let at = m.index;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const word = /^\s*(\S{8,})/.exec(line);
      if (
        cut.includes(i) && word && !joined.includes(word[1]!) && !word[1]!.includes("[REDACTED:")
      ) {
        const start = at + word[0].length - word[1]!.length;
        out.push({ start, end: start + word[1]!.length, type: "secret_assignment", tier: 1 });
      }
      at += line.length + (text[at + line.length + 1] === "\r" ? 3 : 2);
    }
  }
}
