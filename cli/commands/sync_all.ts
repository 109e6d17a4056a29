/**
 * `helix sync` with no subcommand and no `--strand`: the personal strand (when it syncs) and
 * every team strand this machine belongs to, one after the other, a line each. With `--strand`,
 * or on a machine in no team, only the configured strand, as before.
 *
 * @module
 */
import { type Engine, readTeams, type SyncReport, teamStrandPath } from "@helix/core";
import { existsSync } from "node:fs";
import type { CommandContext } from "../context.ts";
import { EXIT_FAILED } from "../exit_codes.ts";
import { createProgress } from "../output.ts";
import { pullLine, pullProgress, pushLine } from "./sync_lines.ts";

/** What one strand's sync printed and whether it raised anything. */
interface StrandSync {
  readonly strand: string;
  readonly report: SyncReport;
}

/** Syncs the configured strand, and every team strand when `--strand` was not given. */
export async function syncAll(ctx: CommandContext): Promise<number | void> {
  const teams = ctx.config.sources.strand === "default"
    ? (await readTeams(ctx.config.config.home)).teams
    : [];
  if (teams.length === 0) {
    const engine = await ctx.engine({ sync: true });
    return show(ctx, [{ strand: "", report: await syncOne(engine, ctx) }]);
  }
  const done: StrandSync[] = [];
  // The personal strand takes part once it syncs: a machine may be in teams and sync nothing
  // else (then it may have no personal strand at all).
  if (existsSync(ctx.config.strandFile)) {
    const engine = await ctx.engine({ sync: true });
    if (engine.syncStatus().synced) {
      done.push({ strand: "personal", report: await syncOne(engine, ctx) });
    }
  }
  for (const team of teams) {
    const opened = await ctx.engine({
      path: teamStrandPath(ctx.config.config.home, team.name),
      sync: true,
    });
    done.push({ strand: `team ${team.name}`, report: await syncOne(opened, ctx) });
  }
  return show(ctx, done);
}

async function syncOne(engine: Engine, ctx: CommandContext) {
  const progress = createProgress(ctx.io, "pushing", ctx.err);
  const report = await engine.sync({
    onPull: pullProgress(ctx),
    onPush: (d, t) => progress.update(d, t),
  });
  progress.finish();
  return report;
}

function show(ctx: CommandContext, done: readonly StrandSync[]): number | void {
  if (ctx.flags.json) {
    const only = done.length === 1 && done[0]!.strand === "";
    ctx.printJson(
      only ? done[0]!.report : Object.fromEntries(done.map((d) => [d.strand, d.report])),
    );
  } else {
    for (const { strand, report } of done) {
      const prefix = strand === "" ? "" : `${strand}: `;
      ctx.print(`${prefix}${pullLine(report.pull)}; ${pushLine(report.push)}`);
      const { witness } = report;
      if (witness?.error) ctx.print(ctx.out.yellow(`${prefix}witness: ${witness.error}`));
      else if (witness) {
        ctx.print(
          `${prefix}witness: ${witness.checked} statements checked` +
            (witness.refused > 0 ? `, ${witness.refused} altered (ignored)` : "") +
            (witness.alarms > 0 ? ctx.out.red(`, ${witness.alarms} raised an alarm`) : ""),
        );
      }
    }
  }
  const raised = done.some(({ report }) =>
    report.pull.quarantined > 0 || (report.witness?.alarms ?? 0) > 0
  );
  return raised ? EXIT_FAILED : undefined;
}
