/**
 * `helix rollback <point>`: makes every memory and edge what it was at an earlier point by
 * appending ops (history keeps both), after showing what changes and a confirmation.
 *
 * @module
 */
import type { RollbackReport } from "@helix/core";
import { booleanFlag, type Command, UsageError } from "../command.ts";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { changeLines, edgeLines, POINT_HELP, pointLabel, presenceLine } from "./diff.ts";

export const rollback: Command = {
  name: "rollback",
  summary: "Restore the memories and edges of an earlier point (appends ops; undoable)",
  usage: "helix rollback <point> [--dry-run] [--yes]",
  details: `Appends, in one transaction, the ops that make every memory and edge what it was at
<point>: memories created since are forgotten, changed fields and statuses are set back, edges
added since are removed and edges removed since put back. Nothing is erased: \`helix log\` shows
the rollback as one run, and rolling back to the op just before it (printed at the end) undoes
it. Memories purged since the point (\`forget --hard\`) cannot come back and are listed.

${POINT_HELP}

  --dry-run   show what would change; append nothing
  --yes       roll back without asking (needed when there is no terminal to ask on)`,
  options: { "dry-run": { type: "boolean" }, yes: { type: "boolean", short: "y" } },
  async run(invocation, ctx) {
    const [point, ...extra] = invocation.positionals;
    if (point === undefined) throw new UsageError("name the point to roll back to");
    if (extra.length) throw new UsageError("give exactly one point");
    const engine = await ctx.engine();
    const plan = await engine.rollback(point, { dryRun: true });
    const nothing = plan.memories.restored.length + plan.memories.forgotten.length +
        plan.memories.patched.length + plan.edges.put.length + plan.edges.removed.length === 0;
    if (booleanFlag(invocation, "dry-run") || nothing) {
      if (ctx.flags.json) return ctx.printJson(plan);
      return ctx.print(
        nothing
          ? `${renderPlan(plan, ctx)}\n${ctx.out.dim("Nothing to roll back.")}`
          : `${renderPlan(plan, ctx)}\n${ctx.out.dim("Dry run: nothing was changed.")}`,
      );
    }
    if (!booleanFlag(invocation, "yes")) {
      ctx.note(renderPlan(plan, ctx));
      const answer = await ctx.io.prompt("Roll back? [y/N] ");
      if (answer === null) {
        throw new UsageError(
          "no terminal to confirm on: pass --yes to roll back (or --dry-run to only look)",
        );
      }
      if (!/^(y|yes)$/i.test(answer.trim())) {
        ctx.note("Aborted: nothing was changed.");
        if (ctx.flags.json) ctx.printJson({ ...plan, aborted: true });
        return EXIT_FAILED;
      }
    }
    const report = await engine.rollback(point);
    if (ctx.flags.json) return ctx.printJson(report);
    const m = report.memories;
    ctx.print(
      `${ctx.out.green("rolled back")} to ${pointLabel(report.point)}: ${report.ops.length} ops ` +
        `(${m.restored.length} restored, ${m.forgotten.length} forgotten, ${m.patched.length} ` +
        `patched; ${report.edges.put.length} edges put, ${report.edges.removed.length} removed) ` +
        `in run ${report.run}` +
        (report.undoPoint
          ? ctx.out.dim(`\n(undo: helix rollback ${report.undoPoint.slice(0, 12)})`)
          : ""),
    );
    if (report.unrecoverable.memories.length) {
      ctx.note(
        `${report.unrecoverable.memories.length} purged memories could not come back ` +
          "(see `helix diff` for their refs).",
      );
    }
  },
};

/** What a rollback changes, by what it does to each memory and edge. */
function renderPlan(plan: RollbackReport, ctx: CommandContext): string {
  const { changes } = plan;
  const ids = (list: readonly string[]) => new Set(list);
  const forgotten = ids(plan.memories.forgotten);
  const restored = ids(plan.memories.restored);
  const patched = ids(plan.memories.patched);
  const sections = [`${ctx.out.bold("rollback")} to ${pointLabel(plan.point)}`];
  const section = (title: string, lines: string[]) => {
    if (lines.length) sections.push(`${ctx.out.bold(title)}\n${lines.join("\n")}`);
  };
  const changedIn = (set: Set<string>) =>
    changes.memories.changed.filter((m) => set.has(m.id)).flatMap((m) => changeLines(m, ctx));
  section(`Forget (${forgotten.size})`, [
    ...changes.memories.removed.filter((m) => m.id !== null && forgotten.has(m.id))
      .map((m) => presenceLine("-", m, ctx)),
    ...changedIn(forgotten),
  ]);
  section(`Restore status (${restored.size})`, changedIn(restored));
  section(`Patch (${patched.size})`, changedIn(patched));
  section(
    `Edges (put ${plan.edges.put.length}, remove ${plan.edges.removed.length})`,
    edgeLines(
      changes.edges.added.filter((e) => plan.edges.put.includes(e.id)),
      changes.edges.removed,
      changes.edges.changed,
    ),
  );
  section(
    `Cannot restore: purged since (${plan.unrecoverable.memories.length})`,
    plan.unrecoverable.memories.map((m) => presenceLine("!", m, ctx)),
  );
  return sections.join("\n\n");
}
