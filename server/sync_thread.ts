/**
 * The sync thread (a Deno `Worker`): its own engine on the server's strand, with this device's
 * keys, running {@linkcode startSyncLoop}. The server starts it with
 * {@linkcode startSyncThread}; messages in: {@linkcode SyncThreadCommand}; out:
 * {@linkcode SyncThreadEvent}.
 *
 * @module
 */
/// <reference lib="deno.worker" />
import { type Engine, loadDeviceKeys, openEngine } from "@helix/core";
import { readActivity } from "./activity.ts";
import { lowerThreadPriority } from "./background_priority.ts";
import { startSyncLoop, type SyncLoop } from "./sync_loop.ts";
import { isKeeper, seenAt } from "./team_upkeep.ts";

/** What the server tells the thread. */
export type SyncThreadCommand =
  | {
    readonly type: "start";
    readonly path: string;
    /** Team strands (docs/teams.md) synced beside it, each with a loop of its own. */
    readonly teams?: readonly string[];
    /** The folder of this device's key files. */
    readonly keys: string;
    readonly deviceName: string;
    readonly activity: SharedArrayBuffer;
    readonly intervalMs?: number;
    readonly checkMs?: number;
    /** Deltas between automatic snapshots, made by each strand's keeper (0: none). */
    readonly snapshotEvery?: number;
  }
  | { readonly type: "stop" };

/** What the thread tells the server. */
export type SyncThreadEvent =
  | {
    readonly type: "log";
    readonly level: "info" | "warn";
    readonly message: string;
    readonly fields: Record<string, unknown>;
  }
  | {
    readonly type: "pulled";
    readonly applied: number;
    /** The team strand's path when a team strand pulled them (absent: the server's strand). */
    readonly team?: string;
  }
  /**
   * Whether this machine keeps team strand `team` (its path): said when the strand is opened
   * and after each of its syncs (the roster, and who was heard from, may have changed).
   */
  | { readonly type: "keeper"; readonly team: string; readonly keeps: boolean }
  | { readonly type: "stopped" };

const post = (event: SyncThreadEvent) => self.postMessage(event);
const engines: Engine[] = [];
const loops: SyncLoop[] = [];
let stopping = false;

/** Whether this machine keeps the strand of `engine` (`team_upkeep.ts`). */
async function keeps(engine: Engine): Promise<boolean> {
  return isKeeper({
    view: await engine.teamMembers({ offline: true }),
    now: Date.now(),
    seenAt: seenAt(engine.syncStatus()),
  });
}

/** Tells the server whether this machine keeps team strand `team` (a roster not read: nothing). */
async function sayKeeper(engine: Engine, team: string): Promise<void> {
  try {
    post({ type: "keeper", team, keeps: await keeps(engine) });
  } catch (error) {
    post({
      type: "log",
      level: "warn",
      message: "team roster not read",
      fields: { team, error: String(error) },
    });
  }
}

self.onmessage = async (event: MessageEvent<SyncThreadCommand>) => {
  const command = event.data;
  if (command.type === "start") {
    lowerThreadPriority();
    // A machine paired after the server started has its keys only then: look for them again.
    let keys = await loadDeviceKeys(command.keys, false);
    while (keys === null && !stopping) {
      await new Promise((resolve) => setTimeout(resolve, command.intervalMs ?? 60_000));
      keys = await loadDeviceKeys(command.keys, false);
    }
    if (keys === null) return;
    for (const path of [command.path, ...(command.teams ?? [])]) {
      const team = path === command.path ? undefined : path;
      let engine: Engine;
      try {
        engine = openEngine({
          path,
          mustExist: true,
          syncKeys: keys,
          deviceName: command.deviceName,
        });
      } catch (error) {
        if (team === undefined) throw error;
        post({
          type: "log",
          level: "warn",
          message: "team strand not synced",
          fields: { team, error: String(error) },
        });
        continue;
      }
      engines.push(engine);
      const fields = (more: Record<string, unknown>) => (team ? { ...more, team } : more);
      loops.push(startSyncLoop(engine, {
        activity: readActivity(command.activity),
        log: {
          info: (message, more) =>
            post({ type: "log", level: "info", message, fields: fields(more) }),
          warn: (message, more) =>
            post({ type: "log", level: "warn", message, fields: fields(more) }),
        },
        onPulled: (applied) => post({ type: "pulled", applied, ...(team ? { team } : {}) }),
        ...(team ? { onSynced: () => void sayKeeper(engine, team) } : {}),
        ...(command.intervalMs !== undefined ? { intervalMs: command.intervalMs } : {}),
        ...(command.checkMs !== undefined ? { checkMs: command.checkMs } : {}),
        ...(command.snapshotEvery
          ? { snapshot: { every: command.snapshotEvery, keeper: () => keeps(engine) } }
          : {}),
      }));
      if (team) void sayKeeper(engine, team);
    }
  } else {
    stopping = true;
    for (const loop of loops) await loop.stop();
    for (const engine of engines) engine.close();
    post({ type: "stopped" });
    self.close();
  }
};
