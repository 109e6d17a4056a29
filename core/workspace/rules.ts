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
import { listAll } from "../rules/deps.ts";
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
  return strandsToRead(deps.strands, deps.teams, undefined, deps.project)
    .filter((strand) => strand.team !== null)
    .flatMap((strand) => listAll(strand.engine, { scope: deps.project! }));
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
