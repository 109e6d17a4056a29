/**
 * The epoch keys this device holds: each epoch's secret opened from the key bundle stanza
 * wrapped for this device's X25519 key (R3), the keys derived from it (R2), and the keys of
 * every earlier epoch a rotation ended, from the previous secret its roster entry carries
 * (R29: a removal of a device or a member, or an admin's rotation): a device that joins after
 * a removal reads the history before it.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { epochRows, rosterEntries } from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import { openBundle } from "./wire/bundle.ts";
import { deriveEpochKeys, type EpochKeys } from "./wire/epoch.ts";
import { fromHex } from "./wire/ids.ts";
import { openRosterEntry } from "./wire/roster_entry.ts";
import { readRosterOuter } from "./wire/roster_outer.ts";

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
  const newest = Math.max(...keys.keys());
  const earlier = earlierEpochs(
    (epoch) => keys.get(epoch),
    rosterEntries(store).map((row) => row.bytes),
    strandId,
  );
  return { keysFor: (epoch) => keys.get(epoch) ?? earlier.get(epoch), epoch: newest };
}

/**
 * The keys of the epochs that rotations in `entries` ended and `keysFor` lacks: each rotating
 * entry (a removal or a `rotate`), opened with its own epoch's keys, names the secret of the epoch before it. Walks
 * newest first, so one held key reaches back through every rotation before it.
 */
export function earlierEpochs(
  keysFor: (epoch: number) => EpochKeys | undefined,
  entries: readonly Uint8Array[],
  strandId: string,
): Map<number, EpochKeys> {
  const found = new Map<number, EpochKeys>();
  const get = (epoch: number) => keysFor(epoch) ?? found.get(epoch);
  for (let i = entries.length - 1; i >= 0; i--) {
    let outer;
    try {
      outer = readRosterOuter(entries[i]!);
    } catch {
      continue; // refused with its reason when the roster is verified
    }
    const held = get(outer.epoch);
    if (outer.wpk === null || outer.epoch === 0 || held === undefined) continue;
    if (get(outer.epoch - 1) !== undefined) continue;
    let op;
    try {
      op = openRosterEntry(entries[i]!, held, strandId).op;
    } catch {
      continue;
    }
    const previous = "previous" in op ? op.previous : undefined;
    if (previous === undefined) continue;
    const secret = fromHex(previous);
    found.set(outer.epoch - 1, deriveEpochKeys(secret, strandId));
    secret.fill(0);
  }
  return found;
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
