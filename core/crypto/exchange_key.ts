/**
 * The device exchange key (sync-protocol R1): an X25519 key, separate from the Ed25519
 * signing key, that key bundles wrap epoch secrets for. Kept beside `device.key` (by
 * convention `device-x25519.key`) with the same file rules (`key_file.ts`).
 *
 * File format: one line of canonical JSON,
 * `{"algorithm":"x25519","kind":"helix-device-exchange-key","publicKey":<hex>,"secretKey":<hex>,"version":1}`.
 *
 * @module
 */
import { type KeyFileKind, type KeyPair, loadOrCreateKeyFile } from "./key_file.ts";
import { x25519PublicKeyOf } from "./x25519.ts";

/** A device's X25519 key pair. */
export type ExchangeKey = KeyPair;

const EXCHANGE_KEY: KeyFileKind = {
  label: "exchange key",
  algorithm: "x25519",
  kind: "helix-device-exchange-key",
  publicOf: x25519PublicKeyOf,
};

/**
 * The X25519 exchange key stored at `path`, created on first use. Refuses a key file group
 * or others may access (`unauthorized`) and a malformed one (`corrupt`).
 *
 * @example Usage
 * ```ts
 * import { loadOrCreateExchangeKey } from "./exchange_key.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const first = await loadOrCreateExchangeKey(`${dir}/helix/device-x25519.key`);
 * deepEqual((await loadOrCreateExchangeKey(`${dir}/helix/device-x25519.key`)).publicKey, first.publicKey);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function loadOrCreateExchangeKey(path: string): Promise<ExchangeKey> {
  return loadOrCreateKeyFile(EXCHANGE_KEY, path);
}
