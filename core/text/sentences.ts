/**
 * Text shaping for the rule extractor: sentence and clause splitting that leaves code spans,
 * paths and versions whole, surface words (with their paths and versions, for counting), list
 * items, and sentence ends. The rewrite of a user's first person into the third person is
 * `third_person.ts`.
 *
 * @module
 */

/** A sentence or clause of the input, with its offset. */
export interface Sentence {
  readonly text: string;
  readonly index: number;
}

const ABBREVIATIONS = /(?:\b(?:e\.g|i\.e|etc|vs|cf|approx|incl|Mr|Ms|Mrs|Dr|St|No)|\b[A-Z])\.$/;

/**
 * Splits text into sentences, then (unless `clauses` is false) clauses at semicolons. A full stop ends a sentence only
 * when followed by white space, so `deno.json`, `v1.2.3` and URLs stay whole; text inside
 * backticks is never split.
 */
export function splitSentences(text: string, options: { clauses?: boolean } = {}): Sentence[] {
  const { clauses = true } = options;
  const out: Sentence[] = [];
  let start = 0;
  let inCode = false;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== "") out.push({ text: trimmed, index: start + lead });
    start = end;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "`") inCode = !inCode;
    if (inCode) continue;
    if (ch === "\n") {
      const nextLine = text.slice(i + 1).match(/^\s*(\S)/)?.[1];
      // A line break inside a sentence that continues in lowercase is a wrap, not a boundary.
      if (nextLine && /[a-z]/.test(nextLine) && !/[.!?:]\s*$/.test(text.slice(start, i))) continue;
      push(i + 1);
    } else if (clauses && ch === ";" && /\s/.test(text[i + 1] ?? " ")) {
      push(i + 1);
    } else if ((ch === "." || ch === "!" || ch === "?") && /\s/.test(text[i + 1] ?? " ")) {
      if (ch === "." && ABBREVIATIONS.test(text.slice(Math.max(start, i - 8), i + 1))) continue;
      if (/^\s*\d{1,2}$/.test(text.slice(start, i))) continue; // a list marker: "1. build"
      push(i + 1);
    }
  }
  push(text.length);
  return out;
}

/**
 * The last question in a turn (an assistant's, usually), or null when it asks none.
 *
 * @example Usage
 * ```ts
 * import { lastQuestion } from "./sentences.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(lastQuestion("Done. When are you going? Or later?"), "Or later?");
 * equal(lastQuestion("Done."), null);
 * ```
 */
export function lastQuestion(turn: string | undefined): string | null {
  if (!turn) return null;
  return splitSentences(turn).filter((s) => /\?\s*$/.test(s.text)).at(-1)?.text ?? null;
}

/** Words of a text (letters, digits, apostrophes, dots and dashes inside words). */
export function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’._/@-]*/gu) ?? [];
}

/** Number of words in a text. */
export function wordCount(text: string): number {
  return wordsOf(text).length;
}

/** A numbered or bulleted list item: its marker and text. */
export const LIST_ITEM = /^\s*(?:(\d{1,2})[.)]|[-*•])\s+(.+)$/;

/** The text without a trailing full stop or comma, and without surrounding white space. */
export function stripEnd(text: string): string {
  return text.trim().replace(/[\s.,;:!]+$/, "");
}

/**
 * Capitalises the first letter when the first word is a plain lowercase word; identifiers
 * (`sqlite-vec`, `user_id`, `deno.json`, `computeTotal`) keep their spelling.
 */
export function capitalise(text: string): string {
  const first = text.match(/^\S+/)?.[0] ?? "";
  if (!/^[a-z]+(?:['’][a-z]+)?[,:;]?$/.test(first)) return text;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Ensures a sentence ends with terminal punctuation. */
export function asSentence(text: string): string {
  const trimmed = capitalise(text.trim());
  return /[.!?]["')]?$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
