/**
 * Background sync for the MCP server: when the strand syncs, push soon after a write (the
 * write sealed its change into the outbox; the loop notices within `checkMs`) and pull and
 * push on an interval, only while no tool call is in flight and the agent has been quiet for
 * a moment, so sync never delays a tool call. A relay that is down is retried on the next
 * tick; nothing is lost (the outbox keeps every change). Failures are logged, never thrown.
 *
 * @module
 */
import { type Engine, isHelixError } from "@helix/core";
import { type ActivityReader, readActivity } from "./activity.ts";
import type { Logger } from "./log.ts";

/** Options of {@linkcode startSyncLoop}. */
export interface SyncLoopOptions {
  readonly log: Logger;
  /** Requests in flight, from the transports. */
  readonly activity: { readonly buffer: SharedArrayBuffer };
  /** How often to look for unpushed changes (ms). @default {2000} */
  readonly checkMs?: number;
  /** How often to pull and push regardless (ms). @default {60000} */
  readonly intervalMs?: number;
  /** How long the agent must have been quiet before a sync starts (ms). @default {500} */
  readonly quietMs?: number;
}

/** A running loop. */
export interface SyncLoop {
  /** Stops the loop (waits for a sync under way). */
  stop(): Promise<void>;
}

/** Starts the loop; a strand that does not sync gets a loop that does nothing. */
export function startSyncLoop(engine: Engine, options: SyncLoopOptions): SyncLoop {
  const { log } = options;
  const reader: ActivityReader = readActivity(options.activity.buffer);
  const checkMs = options.checkMs ?? 2000;
  const intervalMs = options.intervalMs ?? 60_000;
  const quietMs = options.quietMs ?? 500;
  let running: Promise<void> | null = null;
  let lastFull = 0;
  let failedAt = -Infinity;
  let stopped = false;

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
    if (!due || reader.inFlight() > 0 || reader.quietFor(now) < quietMs) return;
    lastFull = now;
    running = engine.sync().then((report) => {
      if (report.pull.applied || report.push.uploaded || report.pull.quarantined) {
        log.info("synced", {
          pulled: report.pull.applied,
          pushed: report.push.uploaded,
          quarantined: report.pull.quarantined,
        });
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
