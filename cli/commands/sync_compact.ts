/**
 * `helix sync compact`: syncs, then has the relay drop the bytes of the deltas the strand's
 * latest snapshot covers (R28), once every current device has acknowledged that snapshot;
 * until then it names the devices still pending and sends nothing. Admins only (exit 77
 * otherwise, as the team commands).
 *
 * @module
 */
import type { Engine } from "@helix/core";
import type { CommandContext } from "../context.ts";
import { plural } from "../output.ts";

/** EX_TEMPFAIL: devices have not acknowledged the snapshot yet; try again after they sync. */
export const EXIT_PENDING = 75;

/** Compacts, or says who holds it up. */
export async function compactLog(engine: Engine, ctx: CommandContext): Promise<number | void> {
  const report = await engine.syncCompact();
  if (ctx.flags.json) {
    ctx.printJson(report);
    return report.kind === "pending" ? EXIT_PENDING : undefined;
  }
  const snapshot = `snapshot ${report.snapshotId.slice(0, 12)} (relay position ${report.position})`;
  if (report.kind === "compacted") {
    const kib = (report.freed / 1024).toFixed(1);
    ctx.print(
      `${ctx.out.green("compacted")} through ${snapshot}: the relay dropped ` +
        `${report.dropped} deltas (${kib} KiB); new devices start from the snapshot`,
    );
    return;
  }
  const names = report.pending.map((d) =>
    `  ${d.device.slice(0, 12)}  ${d.name}${d.member ? ` (${d.member})` : ""}: ` +
    `${plural(d.behind, "change")} of the snapshot not yet acknowledged`
  );
  const count = report.pending.length;
  ctx.print(
    [
      `${ctx.out.yellow("not compacted")}: ${plural(count, "device")} ${
        count === 1 ? "has" : "have"
      } not ` +
      `acknowledged ${snapshot} yet (nothing was sent)`,
      ...names,
      ctx.out.dim(
        `${
          count === 1 ? "It acknowledges" : "Each acknowledges"
        } it on its next \`helix sync\`; run this again then.`,
      ),
    ].join("\n"),
  );
  return EXIT_PENDING;
}
