/**
 * The roster as this device knows it (R6, R7): the verified entries kept in `sync_roster`,
 * brought up to date from the relay, and appended to by compare-and-swap. An entry the relay
 * serves that does not verify is never kept: the relay misbehaved (or was given a forgery).
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import { epochRow, putEpoch, putRosterEntry, rosterEntries } from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { Keyring } from "./keyring.ts";
import { earlierEpochs, keysFromBundle } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { openBundle } from "./wire/bundle.ts";
import { deriveEpochKeys, type EpochKeys } from "./wire/epoch.ts";
import { applyRosterEntry, type RosterState, verifyRosterChain } from "./wire/roster_chain.ts";
import { readRosterOuter } from "./wire/roster_outer.ts";
import { sealRosterEntry } from "./wire/roster_entry.ts";
import type { RosterOp } from "./wire/roster_ops.ts";

/** The roster state of the entries kept here. */
export function localRoster(
  store: Pick<Store, "prepare">,
  strandId: string,
  keyring: Keyring,
): RosterState {
  return verifyRosterChain(rosterEntries(store).map((row) => row.bytes), strandId, keyring.keysFor);
}

/**
 * Fetches the entries after the local head, verifies each on the state before it and keeps
 * them (with any epoch whose bundle opens for this device); returns the new state.
 */
export async function refreshRoster(
  store: Store,
  relay: RelayPort,
  strandId: string,
  keyring: Keyring,
  exchangeSecret: Uint8Array,
): Promise<RosterState> {
  let state = localRoster(store, strandId, keyring);
  const fresh = await relay.roster(strandId, state.seq);
  const keysFor = extendKeys(keyring.keysFor, fresh.map((r) => r.bytes), strandId, exchangeSecret);
  const accepted: { seq: number; hash: string; bytes: Uint8Array }[] = [];
  for (const record of fresh) {
    try {
      state = applyRosterEntry(state, record.bytes, strandId, keysFor.get);
    } catch (error) {
      if (opensEpochWithoutUs(record.bytes, state.epoch, keysFor.get)) {
        throw new HelixError(
          "unauthorized",
          "This machine was removed from the synced strand: the roster opened a new epoch whose key was not shared with it",
        );
      }
      throw misbehaved(error, state.seq + 1);
    }
    accepted.push({ seq: state.seq, hash: state.head, bytes: record.bytes });
  }
  if (accepted.length > 0) {
    writeTransaction(store.db, "keep roster entries", () => {
      for (const entry of accepted) putRosterEntry(store, entry.seq, entry.hash, entry.bytes);
      for (const [epoch, found] of keysFor.found) {
        if (epochRow(store, epoch) === null) putEpoch(store, epoch, found.wpk, found.bundle);
      }
    });
  }
  return state;
}

/** Whether `bytes` opens a later epoch than `epoch` for which this device holds no key. */
function opensEpochWithoutUs(
  bytes: Uint8Array,
  epoch: number,
  keysFor: (epoch: number) => EpochKeys | undefined,
): boolean {
  try {
    const outer = readRosterOuter(bytes);
    return outer.wpk !== null && outer.epoch > epoch && keysFor(outer.epoch) === undefined;
  } catch {
    return false;
  }
}

/**
 * Seals `op` as the entry after `state`, in its epoch (`keys`), signed by `signerSecretKey`,
 * with the key `bundle` when it carries one, and appends it by compare-and-swap: true when the
 * relay took it, false when the roster moved meanwhile.
 */
export async function appendInEpoch(
  relay: RelayPort,
  state: Pick<RosterState, "strandId" | "seq" | "head" | "epoch">,
  entry: {
    readonly keys: EpochKeys;
    readonly op: RosterOp;
    readonly signerSecretKey: Uint8Array;
    readonly bundle?: Uint8Array;
  },
): Promise<boolean> {
  const bytes = sealRosterEntry({
    strandId: state.strandId,
    seq: state.seq + 1,
    prev: state.head,
    epoch: state.epoch,
    keys: entry.keys,
    writeKeys: entry.keys,
    ...(entry.bundle ? { bundle: entry.bundle } : {}),
    op: entry.op,
    signerSecretKey: entry.signerSecretKey,
  });
  return (await relay.appendRoster(state.strandId, bytes)).ok;
}

function misbehaved(error: unknown, seq: number): HelixError {
  const reason = isHelixError(error) ? error.message : String(error);
  return new HelixError(
    "relay_misbehaved",
    `Cannot accept roster entry ${seq} from the relay: ${reason}`,
    { cause: error },
  );
}

/**
 * `keysFor` plus the keys of any epoch a new entry's bundle opens for this device, and the
 * bundles that opened them (to keep).
 */
export function extendKeys(
  keysFor: (epoch: number) => EpochKeys | undefined,
  entries: readonly Uint8Array[],
  strandId: string,
  exchangeSecret: Uint8Array,
): {
  get: (epoch: number) => EpochKeys | undefined;
  found: Map<number, { keys: EpochKeys; wpk: Uint8Array; bundle: Uint8Array }>;
} {
  const found = new Map<number, { keys: EpochKeys; wpk: Uint8Array; bundle: Uint8Array }>();
  for (const bytes of entries) {
    let outer;
    try {
      outer = readRosterOuter(bytes);
    } catch {
      continue; // refused with its reason when the entry is applied
    }
    if (outer.bundle.length === 0 || keysFor(outer.epoch) || found.has(outer.epoch)) continue;
    let keys: EpochKeys;
    try {
      keys = keysFromBundle(outer.bundle, strandId, exchangeSecret, outer.epoch);
    } catch {
      continue; // not wrapped for this device
    }
    found.set(outer.epoch, { keys, wpk: keys.writePublic, bundle: outer.bundle });
  }
  const opened = (epoch: number) => keysFor(epoch) ?? found.get(epoch)?.keys;
  const earlier = earlierEpochs(opened, entries, strandId);
  return { get: (epoch) => opened(epoch) ?? earlier.get(epoch), found };
}

/** The secret a bundle wraps for this device, or null. */
export function secretFromBundle(
  bundle: Uint8Array,
  exchangeSecret: Uint8Array,
): Uint8Array | null {
  try {
    return openBundle(bundle, exchangeSecret);
  } catch {
    return null;
  }
}

/** Keys of an epoch from its secret (re-exported for the flows that make epochs). */
export { deriveEpochKeys };
