/**
 * The changes `helix rules export` and `helix rules remove` make, as before/after texts per
 * file; the caller writes them (or shows them, or checks them). Pure but for reading files
 * through the {@linkcode RulesFiles} port.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import { spliceBlock, stripBlock } from "./block.ts";
import { importedBy } from "./discover.ts";
import { originIn } from "./identity.ts";
import { renderBlock } from "./render.ts";
import { type RuleTarget, sizeFor, TARGETS } from "./targets.ts";
import type { RulesFiles } from "./types.ts";

/** One file's change. */
export interface RulesFileChange {
  /** The tool. */
  readonly target: RuleTarget;
  /** The file, relative to the project root. */
  readonly path: string;
  /** Its text now; null when it does not exist. */
  readonly before: string | null;
  /** Its text after the change; null when the change deletes it. */
  readonly after: string | null;
  /** Memories in its block (0 for a removal). */
  readonly included: number;
  /** Memories left out to keep the file within the tool's limit. */
  readonly omitted: number;
}

/**
 * Rules files that are one person's (Claude Code's CLAUDE.local.md, kept out of git): what is
 * imported from them is never exported, so it cannot reach a file the team shares.
 */
export const PERSONAL_FILES: readonly string[] = ["CLAUDE.local.md"];

/**
 * The export to `target`: `memories` (the project's conventions, procedures and decisions) in
 * the tool's file, less those imported from rules files the tool reads itself, directly or
 * through `@path` imports of its file (it has them), and those from personal files.
 */
export async function planExport(
  files: RulesFiles,
  target: RuleTarget,
  memories: readonly Memory[],
): Promise<RulesFileChange> {
  const spec = TARGETS[target];
  const before = await files.read(spec.path);
  const imported = spec.mode === "block" ? await importedBy(files, spec.path) : new Set();
  const own = memories.filter((m) => {
    const origin = originIn(m.attributes);
    return !origin ||
      !(spec.reads.includes(origin.format) || imported.has(origin.file) ||
        PERSONAL_FILES.includes(origin.file));
  });
  const compose = (block: string) =>
    spec.mode === "generated" ? `${spec.header}${block}\n` : spliceBlock(before, block);
  const rendered = renderBlock(own, (block) => sizeFor(spec, compose(block)) <= spec.limit);
  const after = compose(rendered.block);
  return {
    target,
    path: spec.path,
    before,
    after,
    included: rendered.included,
    omitted: rendered.omitted,
  };
}

/** The removal of Helix's part of `target`'s file: its block, or the generated file. */
export async function planRemove(files: RulesFiles, target: RuleTarget): Promise<RulesFileChange> {
  const spec = TARGETS[target];
  const before = await files.read(spec.path);
  const stripped = before === null ? null : spec.mode === "generated" ? null : stripBlock(before);
  const after = stripped === "" && before !== "" ? null : stripped;
  return { target, path: spec.path, before, after, included: 0, omitted: 0 };
}
