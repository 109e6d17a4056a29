/**
 * Rules files for a workspace: a shared project's conventions, procedures and decisions live in
 * its team strand, so `helix rules export` writes them beside the personal ones, and `helix rules
 * import` of a shared project's CLAUDE.md (or AGENTS.md…) writes its rules to the team strand,
 * where every member's agents read them.
 *
 * @module
 */
import type { Engine } from "../engine.ts";
import type { Memory } from "../model/memory.ts";
import type { Teams } from "../config/teams.ts";
import { strandFor, strandsToRead } from "./route.ts";
import type { WorkspaceStrand } from "./types.ts";

/** What the rules calls need from the workspace. */
export interface RulesDeps {
  readonly strands: readonly WorkspaceStrand[];
  readonly teams: Teams;
  /** The reader's project (`project:<id>`), or null. */
  readonly project: string | null;
}

/** Every memory of the project in the team strands it maps to (for the export to filter). */
function teamMemories(deps: RulesDeps): Memory[] {
  if (deps.project === null) return [];
  const out: Memory[] = [];
  for (const strand of strandsToRead(deps.strands, deps.teams, undefined, deps.project)) {
    if (strand.team === null) continue;
    let cursor: string | undefined;
    do {
      const page = strand.engine.list({
        scope: deps.project,
        limit: 1000,
        ...(cursor ? { cursor } : {}),
      });
      out.push(...page.items);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return out;
}

/** The rules calls of the workspace over `deps`, the personal engine answering the rest. */
export function workspaceRules(
  deps: RulesDeps,
  personal: Engine,
): Pick<Engine, "planRulesExport" | "importRules"> {
  return {
    planRulesExport: (input, others = []) =>
      personal.planRulesExport(input, [...others, ...teamMemories(deps)]),
    importRules: (files, options) =>
      (deps.project === null ? personal : strandFor(deps.strands, deps.teams, deps.project).engine)
        .importRules(files, options),
  };
}
