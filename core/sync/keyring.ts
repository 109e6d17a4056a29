/**
 * The epoch keys this device holds: each epoch's secret opened from the key bundle stanza
 * wrapped for this device's X25519 key (R3), and the keys derived from it (R2).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { epochRows } from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import { openBundle } from "./wire/bundle.ts";
import { deriveEpochKeys, type EpochKeys } from "./wire/epoch.ts";

/** Epoch keys by epoch. */
export interface Keyring {
  /** The keys of `epoch`, or undefined when this device has none for it. */
  keysFor(epoch: number): EpochKeys | undefined;
  /** The newest epoch held. */
  readonly epoch: number;
}

/** The keyring of a synced strand, opened with this device's X25519 secret key. */
export function openKeyring(
  store: Pick<Store, "prepare">,
  strandId: string,
  exchangeSecret: Uint8Array,
): Keyring {
  const keys = new Map<number, EpochKeys>();
  for (const row of epochRows(store)) {
    keys.set(row.epoch, keysFromBundle(row.bundle, strandId, exchangeSecret, row.epoch));
  }
  if (keys.size === 0) {
    throw new HelixError("corrupt", "Cannot open the sync keys: the strand holds no epoch");
  }
  return { keysFor: (epoch) => keys.get(epoch), epoch: Math.max(...keys.keys()) };
}

/** The keys of the epoch whose secret `bundle` wraps for this device. */
export function keysFromBundle(
  bundle: Uint8Array,
  strandId: string,
  exchangeSecret: Uint8Array,
  epoch: number,
): EpochKeys {
  let secret: Uint8Array;
  try {
    secret = openBundle(bundle, exchangeSecret);
  } catch {
    throw new HelixError(
      "decrypt_failed",
      `Cannot open the sync keys of epoch ${epoch}: no stanza of its bundle opens with this device's key`,
    );
  }
  const keys = deriveEpochKeys(secret, strandId);
  secret.fill(0);
  return keys;
}
