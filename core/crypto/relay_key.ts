/**
 * The relay's signing key (sync-protocol R16): an Ed25519 key the relay makes on first start
 * in its data folder and signs every log head with, so two heads no consistency proof joins
 * are transferable proof of misbehaviour. Same file rules as the device keys (`key_file.ts`):
 * owner-only, refused rather than replaced when malformed (a new key would look like a fork).
 *
 * File format: one line of canonical JSON,
 * `{"algorithm":"ed25519","kind":"helix-relay-key","publicKey":<hex>,"secretKey":<hex>,"version":1}`.
 *
 * @module
 */
import { publicKeyOf } from "./ed25519.ts";
import { type KeyFileKind, type KeyPair, loadOrCreateKeyFile } from "./key_file.ts";

const RELAY_KEY: KeyFileKind = {
  label: "relay key",
  algorithm: "ed25519",
  kind: "helix-relay-key",
  publicOf: publicKeyOf,
};

/**
 * The relay key stored at `path`, created on first use. Refuses a key file group or others
 * may access (`unauthorized`) and a malformed one (`corrupt`).
 *
 * @example Usage
 * ```ts
 * import { loadOrCreateRelayKey } from "./relay_key.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const first = await loadOrCreateRelayKey(`${dir}/relay/relay.key`);
 * deepEqual((await loadOrCreateRelayKey(`${dir}/relay/relay.key`)).publicKey, first.publicKey);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function loadOrCreateRelayKey(path: string): Promise<KeyPair> {
  return loadOrCreateKeyFile(RELAY_KEY, path);
}

/** The relay key pair of a 32-byte Ed25519 seed (a key kept outside a file). */
export function relayKeyFromSeed(secretKey: Uint8Array): KeyPair {
  return { publicKey: publicKeyOf(secretKey), secretKey };
}

/** A fresh relay key kept in memory only (tests, or a relay with nowhere to keep one). */
export function ephemeralRelayKey(): KeyPair {
  const secretKey = crypto.getRandomValues(new Uint8Array(32));
  return { publicKey: publicKeyOf(secretKey), secretKey };
}
