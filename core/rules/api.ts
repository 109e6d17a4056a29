/**
 * The rules slice of the engine: the project's rules files (CLAUDE.md, AGENTS.md, GEMINI.md,
 * Cursor, Copilot and Windsurf rules) read into memories, and what Helix knows written back
 * into them. Files are read through a {@linkcode RulesFiles} port; export and removal return
 * the changes for the caller to write.
 *
 * @module
 */
import { guardAsync } from "../store/guard.ts";
import type { Memory } from "../model/memory.ts";
import type { RulesDeps } from "./deps.ts";
import { listAll } from "./deps.ts";
import { planExport, planRemove, type RulesFileChange } from "./export.ts";
import { importRules, type RulesImportResult } from "./import.ts";
import { EXPORTED_TYPES } from "./render.ts";
import { detectTargets, RULE_TARGETS, type RuleTarget } from "./targets.ts";
import type { RulesFiles } from "./types.ts";

/** Which tools' files an export or removal concerns. */
export interface RulesTargetsInput {
  /** The project's files. */
  readonly files: RulesFiles;
  /** The tools; default: those the project uses (export) or all of them (removal). */
  readonly targets?: readonly RuleTarget[] | undefined;
}

/** Rules files. */
export interface RulesApi {
  /**
   * Reads every rules file of the project into conventions and procedures of the project
   * (origin user-asserted, citing file and line); a second import changes only what the files
   * changed: an edited rule supersedes its memory, a removed one is forgotten. With `dryRun`,
   * nothing is written and the result lists what would change.
   */
  importRules(files: RulesFiles, options?: { dryRun?: boolean }): Promise<RulesImportResult>;
  /**
   * The project's current conventions, procedures and decisions, most important first, as each
   * tool's file should read: a managed block (`<!-- helix:begin -->…<!-- helix:end -->`) in
   * CLAUDE.md, AGENTS.md, GEMINI.md and Copilot's instructions, or a generated
   * `.cursor/rules/helix.mdc` and `.windsurf/rules/helix.md`, within each tool's size limit
   * (and, named in `targets` only, a block in CLAUDE.local.md, `.cursorrules` or
   * `.windsurfrules`). Rules imported from CLAUDE.local.md are exported to no file.
   * Nothing is written: the caller applies the changes. `others`: memories of other strands
   * the project reads (a team's), exported beside this strand's by the same rules.
   */
  planRulesExport(
    input: RulesTargetsInput,
    others?: readonly Memory[],
  ): Promise<RulesFileChange[]>;
  /** The changes that take Helix's blocks and generated files out again. */
  planRulesRemove(input: RulesTargetsInput): Promise<RulesFileChange[]>;
}

/** The rules API over `deps`. */
export function createRulesApi(deps: RulesDeps): RulesApi {
  return {
    importRules: (files, options) =>
      guardAsync("import rules", () => importRules(deps, files, options?.dryRun ?? false)),
    planRulesExport: (input, others = []) =>
      guardAsync("export rules", async () => {
        const targets = input.targets ?? await detectTargets(input.files);
        const scope = deps.project ? { scope: deps.project } : {};
        const exported = new Set<string>(EXPORTED_TYPES);
        const memories = [
          ...listAll(deps, { ...scope, types: [...EXPORTED_TYPES] }),
          ...others.filter((m) => m.status === "active" && exported.has(m.type)),
        ].filter((m) => m.validTo === null && m.scope === (deps.project ?? m.scope));
        const out: RulesFileChange[] = [];
        for (const target of targets) out.push(await planExport(input.files, target, memories));
        return out;
      }),
    planRulesRemove: (input) =>
      guardAsync("remove rules", async () => {
        const out: RulesFileChange[] = [];
        for (const target of input.targets ?? RULE_TARGETS) {
          out.push(await planRemove(input.files, target));
        }
        return out;
      }),
  };
}
