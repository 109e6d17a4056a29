/**
 * This device's keys under the Helix home (`keys/`). Commands that need them (`.dna` export,
 * sync) make them on first use; others load them only when they exist, so a write on a
 * synced strand is sealed for upload in its own transaction.
 *
 * @module
 */
import { join } from "node:path";
import { deviceKeyFiles, loadDeviceKeys, type SyncKeys } from "@helix/core";

/** Where the device's signing key lives under the Helix home. */
export function deviceKeyPath(home: string): string {
  return deviceKeyFiles(join(home, "keys")).device;
}

/** This device's sync keys: made on first use when `create`, else null unless both exist. */
export function syncKeys(home: string, create: boolean): Promise<SyncKeys | null> {
  return loadDeviceKeys(join(home, "keys"), create);
}
