/**
 * What Helix knows about a project, rendered as a rules block: the most important memories
 * chosen first until the file's size limit is reached, then grouped as conventions, procedures
 * and decisions. The same memories always give the same bytes.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import { BLOCK_BEGIN, BLOCK_END } from "./block.ts";
import { originIn } from "./identity.ts";
import { readableConflicts } from "../text/merge3.ts";

/** The memory types a rules file carries, in the order the block lists them. */
export const EXPORTED_TYPES = ["convention", "procedure", "decision"] as const;

const HEADINGS: Record<typeof EXPORTED_TYPES[number], string> = {
  convention: "Conventions",
  procedure: "Procedures",
  decision: "Decisions",
};

/** A rendered block and what it left out. */
export interface RenderedBlock {
  /** From `<!-- helix:begin -->` to `<!-- helix:end -->`, without a final line break. */
  readonly block: string;
  /** Memories in it. */
  readonly included: number;
  /** Memories left out for size. */
  readonly omitted: number;
}

/**
 * Most important first: importance, then confidence, then type order; ties keep the rules files'
 * order (file, then line; other memories after), then the text, then the id.
 */
export function byImportance(a: Memory, b: Memory): number {
  const type = (m: Memory) => EXPORTED_TYPES.indexOf(m.type as typeof EXPORTED_TYPES[number]);
  const where = (m: Memory) => {
    const origin = originIn(m.attributes);
    return origin ? `0${origin.file}\u0000${String(origin.line).padStart(9, "0")}` : "1";
  };
  return b.importance - a.importance || b.confidence - a.confidence || type(a) - type(b) ||
    compare(where(a), where(b)) || compare(a.content, b.content) || compare(a.id, b.id);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function line(memory: Memory): string {
  const globs = originIn(memory.attributes)?.globs ?? [];
  const where = globs.length ? ` (applies to ${globs.map((g) => `\`${g}\``).join(", ")})` : "";
  // Agents read these files: an open merge conflict shows as it does over MCP, never as markers.
  const content = readableConflicts(memory.content).trim().replaceAll("\n", "\n  ");
  return `- ${content}${where}`;
}

function render(chosen: readonly Memory[], omitted: number): string {
  const parts = [BLOCK_BEGIN, "## Project memory (Helix)", ""];
  parts.push(
    "Written by `helix rules export` from what Helix remembers about this project; change the memories, not this block.",
  );
  if (chosen.length === 0) parts.push("", "Nothing recorded yet.");
  for (const type of EXPORTED_TYPES) {
    const items = chosen.filter((m) => m.type === type);
    if (items.length) parts.push("", `### ${HEADINGS[type]}`, "", ...items.map(line));
  }
  if (omitted) parts.push("", `(${omitted} less important memories left out to fit the file.)`);
  parts.push(BLOCK_END);
  return parts.join("\n");
}

/**
 * The block for `memories`, the most important first while `fits(block)` holds.
 *
 * @example Usage
 * ```ts
 * import { renderBlock } from "./render.ts";
 * import type { Memory } from "../model/memory.ts";
 * import { equal, ok } from "node:assert/strict";
 *
 * const memory = (id: string, importance: number, content: string) =>
 *   ({ id, type: "convention", importance, confidence: 0.9, content, attributes: {} }) as unknown as Memory;
 * const out = renderBlock([memory("a", 3, "Indent with tabs, never spaces, in every Go, Rust and TypeScript file here"), memory("b", 9, "No any")], (b) => b.length < 280);
 * equal(out.included, 1);
 * ok(out.block.includes("- No any") && !out.block.includes("tabs"));
 * ```
 */
export function renderBlock(
  memories: readonly Memory[],
  fits: (block: string) => boolean,
): RenderedBlock {
  const ordered = [...memories].sort(byImportance);
  const chosen: Memory[] = [];
  for (const memory of ordered) {
    const trial = [...chosen, memory];
    if (fits(render(trial, ordered.length - trial.length))) chosen.push(memory);
  }
  const omitted = ordered.length - chosen.length;
  return { block: render(chosen, omitted), included: chosen.length, omitted };
}
