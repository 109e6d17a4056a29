/**
 * The managed block: the part of a rules file Helix owns, between `<!-- helix:begin -->` and
 * `<!-- helix:end -->`. Writing one replaces only what lies between the markers (or appends the
 * block after a blank line); stripping it gives back the file as it was, byte for byte.
 *
 * @module
 */

/** The line that opens the block. */
export const BLOCK_BEGIN = "<!-- helix:begin -->";
/** The line that closes it. */
export const BLOCK_END = "<!-- helix:end -->";

/** Where the block lies in `text`: [start of BEGIN, end of END], or null when absent. */
export function findBlock(text: string): [number, number] | null {
  const begin = text.indexOf(BLOCK_BEGIN);
  if (begin < 0) return null;
  const end = text.indexOf(BLOCK_END, begin);
  if (end < 0) return null;
  return [begin, end + BLOCK_END.length];
}

/**
 * `text` with its block replaced by `block` (which starts with BEGIN and ends with END); a file
 * without one gets it appended after a blank line, a missing or empty file is the block alone.
 *
 * @example Usage
 * ```ts
 * import { spliceBlock, stripBlock } from "./block.ts";
 * import { equal } from "node:assert/strict";
 *
 * const block = "<!-- helix:begin -->\n- Use tabs\n<!-- helix:end -->";
 * for (const original of ["", "# Rules\n", "# Rules", "# Rules\n\n"]) {
 *   const written = spliceBlock(original, block);
 *   equal(spliceBlock(written, block), written); // idempotent
 *   equal(stripBlock(written), original); // byte-identical outside the block
 * }
 * ```
 */
export function spliceBlock(text: string | null, block: string): string {
  if (text === null || text === "") return `${block}\n`;
  const at = findBlock(text);
  if (at) return text.slice(0, at[0]) + block + text.slice(at[1]);
  return `${text}\n${block}\n`;
}

/**
 * `text` without its block: the block, the line break after it, and (when it ends the file)
 * the one line break `spliceBlock` put before it. Unchanged when there is no block.
 */
export function stripBlock(text: string): string {
  const at = findBlock(text);
  if (!at) return text;
  let [start, end] = at;
  if (text[end] === "\n") end++;
  if (end === text.length && start > 0 && text[start - 1] === "\n") start--;
  return text.slice(0, start) + text.slice(end);
}
