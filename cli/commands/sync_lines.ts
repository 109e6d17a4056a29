/**
 * The lines `helix sync` prints while and after it pulls.
 *
 * @module
 */
import type { CommandContext } from "../context.ts";

/** Shows how many deltas arrived so far, on a terminal. */
export function pullProgress(ctx: CommandContext): (received: number) => void {
  return (received: number) => {
    if (ctx.io.stderrIsTty) ctx.io.stderr(`\r\x1b[2Kpulling: ${received} received`);
  };
}

/** What a pull did, in a line. */
export function pullLine(report: {
  applied: number;
  opsAdded: number;
  quarantined: number;
  pending: number;
}): string {
  const extra = [
    report.pending ? `${report.pending} waiting for earlier changes` : "",
    report.quarantined ? `${report.quarantined} set aside (see helix sync status)` : "",
  ].filter(Boolean);
  return `pulled ${report.applied} changes (${report.opsAdded} new ops)` +
    (extra.length ? `, ${extra.join(", ")}` : "");
}
