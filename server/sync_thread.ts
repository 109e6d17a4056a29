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
import { startSyncLoop, type SyncLoop } from "./sync_loop.ts";

/** What the server tells the thread. */
export type SyncThreadCommand =
  | {
    readonly type: "start";
    readonly path: string;
    /** The folder of this device's key files. */
    readonly keys: string;
    readonly deviceName: string;
    readonly activity: SharedArrayBuffer;
    readonly intervalMs?: number;
    readonly checkMs?: number;
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
  | { readonly type: "pulled"; readonly applied: number }
  | { readonly type: "stopped" };

const post = (event: SyncThreadEvent) => self.postMessage(event);
let engine: Engine | null = null;
let loop: SyncLoop | null = null;
let stopping = false;

self.onmessage = async (event: MessageEvent<SyncThreadCommand>) => {
  const command = event.data;
  if (command.type === "start") {
    // A machine paired after the server started has its keys only then: look for them again.
    let keys = await loadDeviceKeys(command.keys, false);
    while (keys === null && !stopping) {
      await new Promise((resolve) => setTimeout(resolve, command.intervalMs ?? 60_000));
      keys = await loadDeviceKeys(command.keys, false);
    }
    if (keys === null) return;
    engine = openEngine({
      path: command.path,
      mustExist: true,
      syncKeys: keys,
      deviceName: command.deviceName,
    });
    loop = startSyncLoop(engine, {
      activity: readActivity(command.activity),
      log: {
        info: (message, fields) => post({ type: "log", level: "info", message, fields }),
        warn: (message, fields) => post({ type: "log", level: "warn", message, fields }),
      },
      onPulled: (applied) => post({ type: "pulled", applied }),
      ...(command.intervalMs !== undefined ? { intervalMs: command.intervalMs } : {}),
      ...(command.checkMs !== undefined ? { checkMs: command.checkMs } : {}),
    });
  } else {
    stopping = true;
    await loop?.stop();
    engine?.close();
    post({ type: "stopped" });
    self.close();
  }
};
