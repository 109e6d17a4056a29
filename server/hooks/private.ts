/**
 * `<private>…</private>` spans: what the user marked as never to be stored. They are cut from
 * every text a hook reads before anything else sees it; an unclosed `<private>` hides the rest.
 *
 * @module
 */

const SPAN = /<private\b[^>]*>[\s\S]*?(?:<\/private\s*>|$)/gi;

/**
 * `text` without its private spans (each replaced by one space, so words on either side stay
 * apart), trimmed.
 *
 * @example Usage
 * ```ts
 * import { stripPrivate } from "./private.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(stripPrivate("We deploy with <private>token abc</private> fly."), "We deploy with   fly.");
 * equal(stripPrivate("keep <PRIVATE>all of this"), "keep");
 * ```
 */
export function stripPrivate(text: string): string {
  return text.replace(SPAN, " ").trim();
}
