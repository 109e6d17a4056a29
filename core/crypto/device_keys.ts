/**
 * A device's two key files in one folder (the Helix home's `keys/`): the Ed25519 signing key
 * (`device.json`) and the X25519 key sync's key bundles are wrapped for
 * (`device-x25519.json`). Made (0600) on first use when asked to; otherwise loaded only when
 * both exist, so a caller that merely might sync never creates keys.
 *
 * @module
 */
import { join } from "node:path";
import { type DeviceKey, loadOrCreateDeviceKey } from "./device_key.ts";
import { type ExchangeKey, loadOrCreateExchangeKey } from "./exchange_key.ts";

/** Both keys of a device. */
export interface DeviceKeys {
  /** The signing key; its fingerprint is the device id. */
  readonly device: DeviceKey;
  /** The key-agreement key. */
  readonly exchange: ExchangeKey;
}

/** The paths of the two key files in `dir`. */
export function deviceKeyFiles(dir: string): { device: string; exchange: string } {
  return { device: join(dir, "device.json"), exchange: join(dir, "device-x25519.json") };
}

/** The keys in `dir`: made on first use when `create`, else null unless both files exist. */
export async function loadDeviceKeys(dir: string, create: boolean): Promise<DeviceKeys | null> {
  const files = deviceKeyFiles(dir);
  if (!create) {
    for (const path of [files.device, files.exchange]) {
      try {
        await Deno.stat(path);
      } catch {
        return null;
      }
    }
  }
  return {
    device: await loadOrCreateDeviceKey(files.device),
    exchange: await loadOrCreateExchangeKey(files.exchange),
  };
}
