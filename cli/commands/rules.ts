/**
 * `helix rules import|export|remove`: the project's rules files (CLAUDE.md, AGENTS.md,
 * GEMINI.md, Cursor, Copilot and Windsurf rules) read into memories, and what Helix knows
 * written back into them as a managed block or a generated file.
 *
 * @module
 */
import {
  projectRoot,
  RULE_TARGETS,
  type RuleChange,
  type RulesFileChange,
  type RulesImportResult,
  type RuleTarget,
} from "@helix/core";
import { booleanFlag, type Command, listFlag, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { applyRulesChanges, createRulesFiles } from "../rules_files.ts";

function targetsOf(names: readonly string[]): RuleTarget[] | undefined {
  if (names.length === 0) return undefined;
  for (const name of names) {
    if (!(RULE_TARGETS as readonly string[]).includes(name)) {
      throw new UsageError(`--to takes ${RULE_TARGETS.join(", ")}; got "${name}"`);
    }
  }
  return names as RuleTarget[];
}

function verb(change: RulesFileChange): string {
  if (change.before === change.after) return "unchanged";
  if (change.after === null) return "delete";
  return change.before === null ? "create" : "update";
}

async function applyOrShow(
  invocation: Parameters<Command["run"]>[0],
  ctx: CommandContext,
  changes: RulesFileChange[],
  root: string,
): Promise<number | void> {
  const check = booleanFlag(invocation, "check");
  const dryRun = booleanFlag(invocation, "dry-run") || check;
  const stale = changes.filter((c) => c.before !== c.after);
  if (!dryRun) await applyRulesChanges(root, changes);
  if (ctx.flags.json) {
    ctx.printJson({
      dryRun,
      files: changes.map((c) => ({
        path: c.path,
        target: c.target,
        change: verb(c),
        included: c.included,
        omitted: c.omitted,
      })),
    });
  } else {
    for (const c of changes) {
      const counts = c.after !== null && c.included + c.omitted > 0
        ? ` (${c.included} memories${c.omitted ? `, ${c.omitted} left out for size` : ""})`
        : "";
      const action = verb(c);
      ctx.print(`${check && action !== "unchanged" ? "out of date" : action}  ${c.path}${counts}`);
    }
    if (dryRun && !check && stale.length) {
      ctx.print(ctx.out.dim("Nothing was written (--dry-run)."));
    }
  }
  if (check && stale.length) return EXIT_FAILED;
}

export const rules: Command = {
  name: "rules",
  summary: "Import rules files (CLAUDE.md, AGENTS.md, …) into memory, or export memory into them",
  usage: "helix rules import|export|remove [--to <tool>,…] [--check] [--dry-run]",
  details: `Works on the project of the working directory (the root of its git work tree).

  import   reads CLAUDE.md (and the files it @imports), CLAUDE.local.md, .claude/rules/,
           AGENTS.md (each folder's), GEMINI.md, .cursor/rules/*.mdc, .cursorrules,
           .github/copilot-instructions.md,
           .github/instructions/*.instructions.md, .windsurf/rules/*.md and .windsurfrules into
           conventions and procedures of the project, each citing its file and line. Importing
           again changes only what the files changed: an edited rule supersedes its memory, a
           deleted one is forgotten.
  export   writes the project's conventions, procedures and decisions, most important first,
           into each tool's file: a block between <!-- helix:begin --> and <!-- helix:end -->
           in CLAUDE.md, AGENTS.md, GEMINI.md and .github/copilot-instructions.md (the rest of
           the file is left byte for byte), or a generated .cursor/rules/helix.mdc and
           .windsurf/rules/helix.md; within each tool's limit (AGENTS.md 32 KiB, Windsurf 6,000
           characters). Rules a tool already reads (its own files and their @imports) are not
           written into its file again, and rules from CLAUDE.local.md (one person's) into none.
           On request only: a block in CLAUDE.local.md, or in the legacy .cursorrules and
           .windsurfrules (6,000 characters).
  remove   takes the blocks and generated files out again.

  --to <tool>  claude, agents, gemini, copilot, cursor, windsurf, claude-local, cursor-legacy,
               windsurf-legacy (repeat or comma-separate); default: the tools the project uses
               (AGENTS.md when none; never the last three), all of them for remove
  --check      write nothing; exit 1 when a file is out of date, or (import) when memory
               differs from the rules files (for CI)
  --dry-run    show what would change, write nothing

Examples:
  helix rules import
  helix rules export --to claude,cursor
  helix rules export --check`,
  options: {
    to: { type: "string", multiple: true },
    check: { type: "boolean" },
    "dry-run": { type: "boolean" },
  },
  completions: ["import", "export", "remove"],
  async run(invocation, ctx) {
    const [sub, extra] = invocation.positionals;
    if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`);
    const root = await projectRoot(ctx.io.cwd);
    const rulesFiles = createRulesFiles(root);
    const targets = targetsOf(listFlag(invocation, "to"));
    const input = { files: rulesFiles, ...(targets ? { targets } : {}) };
    if (sub === "export") {
      // The workspace: a shared project's team conventions are exported too.
      const engine = await ctx.workspace();
      return applyOrShow(invocation, ctx, await engine.planRulesExport(input), root);
    }
    if (sub === "remove") {
      const engine = await ctx.engine();
      return applyOrShow(invocation, ctx, await engine.planRulesRemove(input), root);
    }
    if (sub !== "import") throw new UsageError("usage: helix rules import|export|remove");
    const check = booleanFlag(invocation, "check");
    const dryRun = check || booleanFlag(invocation, "dry-run");
    // The workspace: a shared project's rules go to its team strand.
    const engine = await ctx.workspace({ create: !dryRun });
    const result = await engine.importRules(rulesFiles, { dryRun });
    if (ctx.flags.json) ctx.printJson(result);
    else {
      if (dryRun) {
        for (const c of result.changes) {
          ctx.print(`${c.action.padEnd(9)}  ${c.ref}  ${c.text.split("\n")[0]!.slice(0, 72)}`);
        }
      }
      const would = dryRun ? "would be " : "";
      ctx.print(
        `${result.rules} rules in ${result.files.length} files: ` +
          `${count(result, "add")} ${would}added, ${
            count(result, "supersede")
          } ${would}superseded, ` +
          `${count(result, "retire")} ${would}retired, ${
            result.unchanged + count(result, "move")
          } unchanged`,
      );
    }
    if (check && result.changes.length) return EXIT_FAILED;
  },
};

function count(result: RulesImportResult, action: RuleChange["action"]): number {
  return result.changes.filter((c) => c.action === action).length;
}
