/**
 * Background sync for the MCP server, in a thread of its own (`sync_thread.ts`, with its own
 * engine and SQLite connection on the strand) so that merging what other machines wrote never
 * holds up a tool call. When the strand syncs, the loop pushes soon after a write (the write
 * sealed its change into the outbox; the loop notices within `checkMs`) and pulls and pushes
 * on an interval, starting only while no tool call is in flight and the agent has been quiet
 * for a moment. A relay that is down is retried later; nothing is lost (the outbox keeps every
 * change). Each sync also acknowledges the relay's latest snapshot once, so a server whose agent
 * only reads does not hold compaction up (`core/sync/acknowledge.ts`). Failures are logged,
 * never thrown.
 *
 * @module
 */
import { type Engine, isHelixError } from "@helix/core";
import type { ActivityReader } from "./activity.ts";

/** Where the loop reports. */
export interface SyncLoopLog {
  info(message: string, fields: Record<string, unknown>): void;
  warn(message: string, fields: Record<string, unknown>): void;
}

/** Options of {@linkcode startSyncLoop}. */
export interface SyncLoopOptions {
  readonly log: SyncLoopLog;
  /** Requests in flight on the server. */
  readonly activity: ActivityReader;
  /** Called after a sync that applied changes from other machines (to embed them). */
  readonly onPulled?: (applied: number) => void;
  /** Called after every sync that went through (the roster may have changed). */
  readonly onSynced?: () => void;
  /** How often to look for unpushed changes (ms). @default {2000} */
  readonly checkMs?: number;
  /** How often to pull and push regardless (ms). @default {60000} */
  readonly intervalMs?: number;
  /** How long the agent must have been quiet before a sync starts (ms). @default {500} */
  readonly quietMs?: number;
  /**
   * Snapshots (R28) made after a sync once this many deltas came or went since the last one
   * (or since the loop started), when `keeper()` says this machine makes them; none without.
   */
  readonly snapshot?: { readonly every: number; keeper(): Promise<boolean> };
}

/** A running loop. */
export interface SyncLoop {
  /** Stops the loop (waits for a sync under way). */
  stop(): Promise<void>;
}

/** Starts the loop over `engine`; a strand that does not sync gets a loop that does nothing. */
export function startSyncLoop(engine: Engine, options: SyncLoopOptions): SyncLoop {
  const { log, activity } = options;
  const checkMs = options.checkMs ?? 2000;
  const intervalMs = options.intervalMs ?? 60_000;
  const quietMs = options.quietMs ?? 500;
  let running: Promise<void> | null = null;
  let lastFull = 0;
  let failedAt = -Infinity;
  let stopped = false;
  // Deltas seen since the last snapshot: a strand without one counts what it holds.
  let moved = 0;
  const snapshotDue = async (applied: number): Promise<boolean> => {
    const policy = options.snapshot;
    if (!policy) return false;
    const mark = engine.syncSnapshotMark();
    const grown = mark === null ? Math.max(moved, applied) : moved;
    if (grown < policy.every) return false;
    // Asked each time: the keeper follows the roster and who was heard from lately.
    return await policy.keeper().catch(() => false);
  };

  /**
   * Before the next snapshot, compact through the previous one (R28) when every device has
   * acknowledged it by now; otherwise (devices pending, a relay that does not compact, a
   * keeper that is not an admin) leave it for the next snapshot.
   */
  const compactFirst = async () => {
    try {
      const done = await engine.syncCompact();
      if (done.kind === "compacted") {
        log.info("compacted", {
          position: done.position,
          dropped: done.dropped,
          freed: done.freed,
        });
      } else log.info("not compacted yet", { pending: done.pending.length });
    } catch (error) {
      log.info("not compacted", {
        error: isHelixError(error) ? `${error.code}: ${error.message}` : String(error),
      });
    }
  };

  const tick = () => {
    if (stopped || running) return;
    let status;
    try {
      status = engine.syncStatus();
    } catch {
      return;
    }
    if (!status.synced || status.devices === null) return;
    const now = Date.now();
    const retrying = now - failedAt < Math.min(intervalMs, 30_000);
    const due = now - lastFull >= intervalMs || (status.unpushed > 0 && !retrying);
    if (!due || activity.inFlight() > 0 || activity.quietFor(now) < quietMs) return;
    lastFull = now;
    running = engine.sync().then(async (report) => {
      if (report.pull.applied > 0) options.onPulled?.(report.pull.applied);
      options.onSynced?.();
      const { acknowledged } = report.push;
      if (report.pull.applied || report.push.uploaded || report.pull.quarantined || acknowledged) {
        log.info("synced", {
          pulled: report.pull.applied,
          pushed: report.push.uploaded,
          quarantined: report.pull.quarantined,
          // The relay's latest snapshot, acknowledged by a change of no ops (R28).
          ...(acknowledged ? { acknowledged: acknowledged.position } : {}),
        });
      }
      moved += report.pull.received + report.push.uploaded;
      if (!stopped && await snapshotDue(status.applied + report.pull.applied)) {
        await compactFirst();
        try {
          const made = await engine.syncSnapshot();
          moved = 0;
          log.info("snapshot made", {
            position: made.position,
            ops: made.ops,
            parts: made.parts,
            bytes: made.bytes,
          });
        } catch (error) {
          // Changes still waiting, a relay that said no: the next sync tries again.
          log.warn("snapshot not made", {
            error: isHelixError(error) ? `${error.code}: ${error.message}` : String(error),
          });
        }
      }
    }).catch((error: unknown) => {
      failedAt = Date.now();
      log.warn("sync failed; will retry", {
        error: isHelixError(error) ? `${error.code}: ${error.message}` : String(error),
      });
    }).finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, checkMs);
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
