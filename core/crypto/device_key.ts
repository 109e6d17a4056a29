/**
 * The device signing key (sync-protocol R1): an Ed25519 key made on first use and kept in
 * one owner-only file with the rules of `key_file.ts` (group- or other-readable files are
 * refused, malformed ones refused rather than replaced, since replacing would change the
 * device's identity).
 *
 * File format: one line of canonical JSON,
 * `{"algorithm":"ed25519","kind":"helix-device-key","publicKey":<hex>,"secretKey":<hex>,"version":1}`.
 *
 * @module
 */
import { keyFingerprint, publicKeyOf } from "./ed25519.ts";
import { type KeyFileKind, loadOrCreateKeyFile } from "./key_file.ts";

/** A device's signing key pair. */
export interface DeviceKey {
  /** Ed25519 public key (32 bytes): what `.dna` headers carry and peers pin. */
  readonly publicKey: Uint8Array;
  /** Ed25519 secret key (32-byte seed). Never leaves the device. */
  readonly secretKey: Uint8Array;
  /** {@linkcode keyFingerprint} of the public key (the device id of R1). */
  readonly fingerprint: string;
}

const DEVICE_KEY: KeyFileKind = {
  label: "device key",
  algorithm: "ed25519",
  kind: "helix-device-key",
  publicOf: publicKeyOf,
};

/**
 * The device key stored at `path`, created on first use. Refuses a key file group or others
 * may access (`unauthorized`) and a malformed one (`corrupt`); I/O failures propagate.
 *
 * @example Usage
 * ```ts
 * import { loadOrCreateDeviceKey } from "./device_key.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const first = await loadOrCreateDeviceKey(`${dir}/helix/device.key`);
 * const again = await loadOrCreateDeviceKey(`${dir}/helix/device.key`);
 * deepEqual(again.publicKey, first.publicKey);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function loadOrCreateDeviceKey(path: string): Promise<DeviceKey> {
  const { publicKey, secretKey } = await loadOrCreateKeyFile(DEVICE_KEY, path);
  return { publicKey, secretKey, fingerprint: keyFingerprint(publicKey) };
}
