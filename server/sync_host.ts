/**
 * Starting and stopping the sync thread from the server (`sync_thread.ts`): its log lines
 * reach the server's log, and changes it pulled are reported so the server embeds them
 * (vectors never travel: each machine embeds with its own model).
 *
 * @module
 */
import type { Activity } from "./activity.ts";
import type { Logger } from "./log.ts";
import type { SyncLoop } from "./sync_loop.ts";
import type { SyncThreadCommand, SyncThreadEvent } from "./sync_thread.ts";

/** Options of {@linkcode startSyncThread}. */
export interface SyncThreadOptions {
  readonly path: string;
  /** Team strands synced beside it. */
  readonly teams?: readonly string[];
  /** The folder of this device's key files. */
  readonly keys: string;
  readonly deviceName: string;
  readonly activity: Activity;
  readonly log: Logger;
  /** Called when the thread applied changes from other machines (`team`: a team strand's path). */
  readonly onPulled?: (applied: number, team?: string) => void;
  /** Called when the thread says whether this machine keeps team strand `team` (its path). */
  readonly onKeeper?: (team: string, keeps: boolean) => void;
  readonly intervalMs?: number;
  readonly checkMs?: number;
  /** Deltas between the snapshots each strand's keeper makes (0 or absent: none). */
  readonly snapshotEvery?: number;
}

/** Starts the sync thread. */
export function startSyncThread(options: SyncThreadOptions): SyncLoop {
  const { log } = options;
  const worker = new Worker(new URL("./sync_thread.ts", import.meta.url).href, {
    type: "module",
  });
  let onStopped: () => void = () => {};
  const stoppedSignal = new Promise<void>((resolve) => (onStopped = resolve));
  worker.onmessage = (event: MessageEvent<SyncThreadEvent>) => {
    const message = event.data;
    if (message.type === "log") {
      if (message.level === "info") log.info(message.message, message.fields);
      else log.warn(message.message, message.fields);
    } else if (message.type === "pulled") options.onPulled?.(message.applied, message.team);
    else if (message.type === "keeper") options.onKeeper?.(message.team, message.keeps);
    else onStopped();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    log.warn("sync thread failed", { error: event.message });
    onStopped();
  };
  const start: SyncThreadCommand = {
    type: "start",
    path: options.path,
    ...(options.teams?.length ? { teams: options.teams } : {}),
    keys: options.keys,
    deviceName: options.deviceName,
    activity: options.activity.buffer,
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    ...(options.checkMs !== undefined ? { checkMs: options.checkMs } : {}),
    ...(options.snapshotEvery !== undefined ? { snapshotEvery: options.snapshotEvery } : {}),
  };
  worker.postMessage(start);
  let stopped = false;
  return {
    async stop() {
      if (stopped) return;
      stopped = true;
      worker.postMessage({ type: "stop" } satisfies SyncThreadCommand);
      const grace = new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 5_000);
        Deno.unrefTimer(t);
      });
      await Promise.race([stoppedSignal, grace]);
      worker.terminate();
    },
  };
}
