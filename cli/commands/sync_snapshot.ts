/**
 * `helix sync snapshot`: syncs, then makes and uploads a snapshot of the strand (R28), so a
 * machine or member that joins later starts from it instead of replaying every delta.
 *
 * @module
 */
import type { Engine } from "@helix/core";
import type { CommandContext } from "../context.ts";

/** Makes the snapshot and says what it holds. */
export async function makeSnapshot(engine: Engine, ctx: CommandContext): Promise<void> {
  const report = await engine.syncSnapshot();
  if (ctx.flags.json) return ctx.printJson(report);
  const mib = (report.bytes / (1 << 20)).toFixed(1);
  ctx.print(
    `${ctx.out.green("snapshot")} ${report.snapshotId.slice(0, 12)}: ${report.ops} ops, ` +
      `${report.changes} changes through relay position ${report.position}; ` +
      `${report.parts} parts, ${mib} MiB` +
      (report.latest ? "" : ctx.out.yellow(" (the relay keeps a later one)")),
  );
}

/** The line `helix sync join` adds when the machine started from a snapshot. */
export function startedLine(engine: Engine): string {
  const mark = engine.syncSnapshotMark();
  if (mark?.source !== "applied") return "";
  return ` Started from snapshot ${
    mark.snapshotId.slice(0, 12)
  } (relay position ${mark.position}).`;
}
