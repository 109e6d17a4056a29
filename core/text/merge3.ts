/**
 * Three-way text merge (diff3) for memory content. Most memories are one line of prose, so
 * lines are too coarse a unit: the merge works on word tokens (a run of non-whitespace and the
 * whitespace after it), and two edits to different words of one sentence both survive. Each
 * side is aligned to the base by longest common subsequence; runs of base tokens both sides
 * kept split the text into regions, and a region is taken from whichever side changed it, once
 * when both changed it alike, and as a conflict block when they changed it differently.
 *
 * Pure and deterministic. Symmetric: swapping the two sides never changes a byte of the
 * output, because the sides are put in label order before anything else happens.
 *
 * @module
 */
import { align } from "./align.ts";

/** One side of a merge: its label (used in the conflict block) and its text. */
export interface MergeSide {
  readonly label: string;
  readonly text: string;
}

/** What {@linkcode merge3} returns. */
export interface Merge3Result {
  /** The merged text; overlapping edits appear inside conflict blocks. */
  readonly text: string;
  /** Number of conflict blocks in `text` (0 when the edits did not overlap). */
  readonly conflicts: number;
}

/** Finest first: words with their trailing whitespace, then lines with their newline. */
const TOKENIZERS: readonly ((text: string) => string[])[] = [
  (text) => text.match(/^\s+|\S+\s*/g) ?? [],
  (text) => text.match(/[^\n]*\n|[^\n]+/g) ?? [],
];

/** A region both sides changed differently: each side's version, trimmed. */
interface Conflict {
  readonly first: string;
  readonly second: string;
}

/**
 * Merges two edits of `base`. Regions only one side changed take that side's version; regions
 * both changed differently become a conflict block, with the sides in label order (ties by
 * text) whichever argument they came in:
 *
 * ```text
 * <<<<<<< {first label}
 * {first side's version, trimmed}
 * =======
 * {second side's version, trimmed}
 * >>>>>>> {second label}
 * ```
 *
 * The block sits on lines of its own: a newline goes before it unless it opens the text or
 * follows one, and after it unless it closes the text or one follows. Line breaks in a label
 * become spaces so the block keeps its shape. Inputs too long to align by words are aligned by
 * lines, and past that the whole text is one region.
 *
 * @example Usage
 * ```ts
 * import { merge3 } from "./merge3.ts";
 * import { equal } from "node:assert/strict";
 *
 * const base = "Deploys run on Tuesdays from the main branch.";
 * const laptop = { label: "laptop", text: "Deploys run on Thursdays from the main branch." };
 * const desktop = { label: "desktop", text: "Deploys run on Tuesdays from the release branch." };
 * const clean = merge3(base, laptop, desktop);
 * equal(clean.text, "Deploys run on Thursdays from the release branch.");
 * equal(clean.conflicts, 0);
 *
 * const ci = { label: "ci", text: "Deploys run on Fridays from the main branch." };
 * const clash = merge3(base, laptop, ci);
 * equal(clash.conflicts, 1);
 * equal(
 *   clash.text,
 *   "Deploys run on \n<<<<<<< ci\nFridays\n=======\nThursdays\n>>>>>>> laptop\nfrom the main branch.",
 * );
 * equal(merge3(base, ci, laptop).text, clash.text);
 * ```
 */
export function merge3(base: string, a: MergeSide, b: MergeSide): Merge3Result {
  if (a.text === b.text || b.text === base) return { text: a.text, conflicts: 0 };
  if (a.text === base) return { text: b.text, conflicts: 0 };
  const [first, second] = a.label < b.label || (a.label === b.label && a.text < b.text)
    ? [a, b]
    : [b, a];
  const pieces = mergePieces(base, first.text, second.text);
  return {
    text: render(pieces, singleLine(first.label), singleLine(second.label)),
    conflicts: pieces.filter((p) => typeof p !== "string").length,
  };
}

/**
 * Whether `text` holds a conflict block as {@linkcode merge3} writes it: a `<<<<<<< ` line,
 * a `=======` line, then a `>>>>>>> ` line.
 *
 * @example Usage
 * ```ts
 * import { hasConflictBlock } from "./merge3.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(hasConflictBlock("x\n<<<<<<< a\none\n=======\ntwo\n>>>>>>> b"), true);
 * equal(hasConflictBlock("Use <<<<<<< markers to show conflicts."), false);
 * ```
 */
export function hasConflictBlock(text: string): boolean {
  return /(?:^|\n)<<<<<<< [^\n]*\n(?:[^\n]*\n)*?=======\n(?:[^\n]*\n)*?>>>>>>> /.test(text);
}

/** The merge as stable text and conflicts, in order; stable pieces may be empty. */
function mergePieces(base: string, first: string, second: string): (string | Conflict)[] {
  for (const tokenize of TOKENIZERS) {
    const baseTokens = tokenize(base);
    const firstTokens = tokenize(first);
    const secondTokens = tokenize(second);
    const toFirst = align(baseTokens, firstTokens);
    const toSecond = toFirst && align(baseTokens, secondTokens);
    if (toFirst && toSecond) {
      return diff3(baseTokens, firstTokens, secondTokens, toFirst, toSecond);
    }
  }
  // Too long to align even by lines: the whole text is one region, and both sides changed it
  // differently (merge3 returned early otherwise).
  return [{ first: first.trim(), second: second.trim() }];
}

/**
 * Walks the base: a token both sides kept is stable and copied; the stretch before it in each
 * of the three texts is one region, resolved by {@linkcode resolve}.
 */
function diff3(
  base: readonly string[],
  first: readonly string[],
  second: readonly string[],
  toFirst: Int32Array,
  toSecond: Int32Array,
): (string | Conflict)[] {
  const pieces: (string | Conflict)[] = [];
  let o = 0;
  let f = 0;
  let s = 0;
  for (let k = 0; k <= base.length; k++) {
    const end = k === base.length;
    const inFirst = end ? first.length : toFirst[k]!;
    const inSecond = end ? second.length : toSecond[k]!;
    if (!end && (inFirst < 0 || inSecond < 0)) continue;
    pieces.push(resolve(
      base.slice(o, k).join(""),
      first.slice(f, inFirst).join(""),
      second.slice(s, inSecond).join(""),
    ));
    if (!end) pieces.push(base[k]!);
    o = k + 1;
    f = inFirst + 1;
    s = inSecond + 1;
  }
  return pieces;
}

/** One region: the side that changed it, the shared change, or a conflict. */
function resolve(base: string, first: string, second: string): string | Conflict {
  if (first === base || first === second) return second;
  if (second === base) return first;
  return { first: first.trim(), second: second.trim() };
}

/** Joins the pieces, putting each conflict block on lines of its own. */
function render(pieces: readonly (string | Conflict)[], first: string, second: string): string {
  let out = "";
  let afterBlock = false;
  for (const piece of pieces) {
    if (typeof piece === "string") {
      if (piece === "") continue;
      out += afterBlock && !piece.startsWith("\n") ? "\n" + piece : piece;
      afterBlock = false;
      continue;
    }
    if (out !== "" && !out.endsWith("\n")) out += "\n";
    out += `<<<<<<< ${first}\n${piece.first}\n=======\n${piece.second}\n>>>>>>> ${second}`;
    afterBlock = true;
  }
  return out;
}

function singleLine(label: string): string {
  return label.replace(/[\r\n]+/g, " ");
}

/**
 * `text` with each conflict block made readable for an agent: the block becomes one line that
 * says a conflict is open and shows both versions, labelled, e.g.
 * `[unsettled conflict: "Fridays" (ci) | "Thursdays" (laptop)]`. Text without a block is
 * returned as it is.
 *
 * @example Usage
 * ```ts
 * import { readableConflicts } from "./merge3.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(
 *   readableConflicts("Deploys run on \n<<<<<<< ci\nFridays\n=======\nThursdays\n>>>>>>> laptop\nfrom main."),
 *   'Deploys run on [unsettled conflict: "Fridays" (ci) | "Thursdays" (laptop)] from main.',
 * );
 * ```
 */
export function readableConflicts(text: string): string {
  if (!hasConflictBlock(text)) return text;
  return text.replace(
    /\n?<<<<<<< ([^\n]*)\n([\s\S]*?)\n?=======\n([\s\S]*?)\n?>>>>>>> ([^\n]*)(\n|$)/g,
    (_, firstLabel: string, first: string, second: string, secondLabel: string, end: string) =>
      `[unsettled conflict: ${JSON.stringify(first.trim())} (${firstLabel.trim()}) | ${
        JSON.stringify(second.trim())
      } (${secondLabel.trim()})]${end ? " " : ""}`,
  ).replace(/ {2,}/g, " ");
}
