/**
 * The lines `helix sync` prints while and after it pulls.
 *
 * @module
 */
import type { CommandContext } from "../context.ts";
import { CLEAR_LINE } from "../output.ts";

/** Shows how many deltas arrived so far, on a terminal. */
export function pullProgress(ctx: CommandContext): (received: number) => void {
  return (received: number) => {
    if (ctx.io.stderrIsTty) ctx.io.stderr(`${CLEAR_LINE}pulling: ${received} received`);
  };
}

/** What a pull did, in a line. */
export function pullLine(report: {
  applied: number;
  opsAdded: number;
  quarantined: number;
  pending: number;
  compacted?: { snapshotId: string; snapshotPosition: number };
}): string {
  const extra = [
    report.compacted
      ? `started from snapshot ${report.compacted.snapshotId.slice(0, 12)} (the relay ` +
        `compacted its log through ${report.compacted.snapshotPosition})`
      : "",
    report.pending ? `${report.pending} waiting for earlier changes` : "",
    report.quarantined ? `${report.quarantined} set aside (see helix sync status)` : "",
  ].filter(Boolean);
  return `pulled ${report.applied} changes (${report.opsAdded} new ops)` +
    (extra.length ? `, ${extra.join(", ")}` : "");
}

/** What a push did, in a line: memory changes (`size` after), a snapshot acknowledged (R28). */
export function pushLine(
  report: { uploaded: number; acknowledged?: { position: number } },
  size?: string,
): string {
  return `pushed ${report.uploaded} changes${size ? ` (${size})` : ""}` +
    (report.acknowledged
      ? `, acknowledged the snapshot through ${report.acknowledged.position}`
      : "");
}
