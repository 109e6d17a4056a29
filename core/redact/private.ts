/**
 * `<private>…</private>` spans: what a person marked as never to be stored. The write path
 * cuts them from every text before redaction sees it (`createRedactor` in write.ts), so no
 * caller (MCP, CLI, hooks, imports) can store one; an unclosed `<private>` hides the rest.
 *
 * @module
 */

/** A span, with the spaces and tabs around it (one space takes their place). */
const SPAN = /[ \t]*<private\b[^>]*>[\s\S]*?(?:<\/private\s*>|$)[ \t]*/gi;

/**
 * `text` without its private spans: each span and the blanks around it become one space
 * (none at the start or end of the text, or before punctuation), so the words on either side
 * stay apart.
 *
 * @example Usage
 * ```ts
 * import { stripPrivate } from "./private.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(stripPrivate("We deploy with <private>token abc</private> fly."), "We deploy with fly.");
 * equal(stripPrivate("keep <PRIVATE>all of this"), "keep");
 * equal(stripPrivate("on Friday <private>at 5</private>."), "on Friday.");
 * equal(stripPrivate("  indented code\n"), "  indented code\n");
 * ```
 */
export function stripPrivate(text: string): string {
  if (!/<private\b/i.test(text)) return text;
  return text.replace(SPAN, (span, offset: number) => {
    const atStart = offset === 0;
    const next = text[offset + span.length];
    return atStart || next === undefined || /[.,;:!?)\]}\n]/.test(next) ? "" : " ";
  });
}
