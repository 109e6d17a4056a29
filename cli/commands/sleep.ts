/**
 * `helix sleep`: runs the lifecycle worker now (every job, in order: see
 * core/lifecycle/run.ts) with progress; `--undo <run>` reverses a run.
 *
 * @module
 */
import { type Command, stringFlag, UsageError } from "../command.ts";
import { count, createProgress } from "../output.ts";

export const sleep: Command = {
  name: "sleep",
  summary:
    "Consolidate now: distil, link contradictions, reflect, archive, profiles (--undo a run)",
  usage: "helix sleep [--undo <run>]",
  details: `The MCP server runs this in the background when it is due (an importance budget of 150
written since the last run, or an agent session ended: see helix flush) and it is idle; this runs
it on demand. Its jobs, in order: distil recurring episodes into rules that cite them; link
contradictions the writes could not see; demote memories whose grounding is gone (and, with a model
configured, reflect: write insights that cite their memories); let the model rate importance; archive
faded memories; flag memories whose cited files changed; refresh each scope's profile; embed
memories still without vectors (or move a re-embedding on).

Every change is an op recorded under a run id: \`helix log --kind job.run\` lists runs, and
\`helix sleep --undo <run>\` appends the inverse (history keeps both). Nothing is deleted:
distilled episodes and faded memories are archived, still searchable with --include-archived.

  --undo <run>   reverse the run with that id`,
  options: { undo: { type: "string" } },
  async run(invocation, ctx) {
    if (invocation.positionals.length) {
      throw new UsageError(`unexpected argument "${invocation.positionals[0]}"`);
    }
    const engine = await ctx.engine();
    const undo = stringFlag(invocation, "undo");
    if (undo !== undefined) {
      const report = engine.undoRun(undo);
      if (ctx.flags.json) return ctx.printJson(report);
      return ctx.print(
        `${ctx.out.green("undone")} run ${undo} (${count(report.ops)} ops appended)`,
      );
    }
    const state = engine.lifecycle();
    const progress = createProgress(ctx.io, "consolidating", ctx.err);
    const report = await engine.sleep({
      reason: "manual",
      onProgress: (p) => progress.update(p.done, p.total),
    }).finally(() => progress.finish());
    if (ctx.flags.json) return ctx.printJson({ ...report, before: state });
    for (const job of report.jobs) ctx.print(`${ctx.out.bold(job.job)}: ${job.summary}`);
    ctx.print(
      report.changed
        ? `${ctx.out.green("changed")} ${count(report.changed)} memories in run ${report.run}` +
          ctx.out.dim(` (undo: helix sleep --undo ${report.run})`)
        : "Nothing to consolidate.",
    );
  },
};
