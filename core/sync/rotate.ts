/**
 * Removing a device with a new epoch (sync-protocol R8, R29): one roster entry removes the
 * device, opens epoch n + 1 with a new write key, wraps its secret only for the devices that
 * remain, and carries epoch n's secret sealed under the new epoch (so a device that joins
 * later still reads the history). Once the relay stores the entry it refuses writes under
 * epoch n (R14): the removed device, which keeps every old key, can neither read what follows
 * nor add to it. Every remaining device adopts the new epoch at its next exchange and seals
 * again, under it, the changes it had not pushed yet (same change id, new envelope, R19).
 *
 * Removal protects what comes next only: what the removed device already held stays exposed.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import {
  epochRow,
  resealQueued,
  setStrandEpoch,
  syncStrand,
  unackedAfter,
} from "../store/queries/sync.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncKeys } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import type { RelayPort } from "./relay_port.ts";
import { refreshRoster } from "./roster.ts";
import { assertAllowed } from "./roster_check.ts";
import { openBundle, wrapBundle } from "./wire/bundle.ts";
import { openDelta, sealDelta } from "./wire/delta.ts";
import { deriveEpochKeys, newEpochSecret } from "./wire/epoch.ts";
import { fromHex, toHex } from "./wire/ids.ts";
import type { RosterState } from "./wire/roster_chain.ts";
import { sealRosterEntry } from "./wire/roster_entry.ts";
import type { RosterDevice, RosterOp } from "./wire/roster_ops.ts";

/** What a removal did. */
export interface RemovalReport {
  /** The device removed. */
  readonly removed: { readonly id: string; readonly name: string };
  /** The epoch opened (the removed device holds no key for it). */
  readonly epoch: number;
  /** Devices that remain, this one included. */
  readonly remaining: number;
}

/** The roster device `which` names: its id, a prefix of it (8+ digits), or its name. */
export function findDevice(roster: Pick<RosterState, "devices">, which: string): RosterDevice {
  const wanted = which.trim();
  const matches = roster.devices.filter((d) =>
    d.device === wanted || (wanted.length >= 8 && d.device.startsWith(wanted)) || d.name === wanted
  );
  if (matches.length === 1) return matches[0]!;
  const known = roster.devices.map((d) => `${d.device.slice(0, 12)} ${d.name}`).join(", ");
  throw new HelixError(
    matches.length === 0 ? "not_found" : "invalid_input",
    matches.length === 0
      ? `Cannot find device "${wanted}" in the roster (devices: ${known})`
      : `"${wanted}" names ${matches.length} devices; give its id (devices: ${known})`,
  );
}

/** Removes `which` from the roster with a new epoch; `conflict` when the roster moved meanwhile. */
export async function removeDevice(
  store: Store,
  input: {
    readonly strandId: string;
    readonly keys: SyncKeys;
    readonly keyring: Keyring;
    readonly relay: RelayPort;
    readonly which: string;
  },
): Promise<RemovalReport> {
  const { strandId, keys, keyring, relay } = input;
  const state = await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  const target = findDevice(state, input.which);
  if (target.device === keys.device.fingerprint) {
    throw new HelixError(
      "invalid_input",
      "Cannot remove this machine from here (it would know the new key): remove it from another machine",
    );
  }
  assertAllowed(
    state,
    { kind: "remove_device", device: target.device, previous: "00".repeat(32) },
    keys.device.fingerprint,
    `remove ${target.name}`,
  );
  const remaining = state.devices.filter((d) => d.device !== target.device);
  const epoch = await appendRotation(store, {
    ...input,
    state,
    remaining,
    op: (previous) => ({ kind: "remove_device", device: target.device, previous }),
    what: "remove the device",
    again: "helix device remove",
  });
  await refreshRoster(store, relay, strandId, keyring, keys.exchange.secretKey);
  return { removed: { id: target.device, name: target.name }, epoch, remaining: remaining.length };
}

/**
 * Appends, after `state`, the entry `op` (given the secret of the epoch it ends, hex) that
 * opens epoch n + 1 with a key wrapped for `remaining` only (R29); returns the new epoch.
 * `conflict` when the roster moved meanwhile (`again`: the command to run again).
 */
export async function appendRotation(
  store: Store,
  input: {
    readonly strandId: string;
    readonly keys: SyncKeys;
    readonly keyring: Keyring;
    readonly relay: RelayPort;
    readonly state: Pick<RosterState, "seq" | "head" | "epoch">;
    readonly remaining: readonly RosterDevice[];
    readonly op: (previous: string) => RosterOp;
    readonly what: string;
    readonly again: string;
  },
): Promise<number> {
  const { strandId, keys, keyring, relay, state } = input;
  const held = epochRow(store, state.epoch);
  if (held === null) {
    throw new HelixError("decrypt_failed", `Cannot ${input.what}: no key of epoch ${state.epoch}`);
  }
  const previous = openBundle(held.bundle, keys.exchange.secretKey);
  const secret = newEpochSecret();
  const epoch = state.epoch + 1;
  const next = deriveEpochKeys(secret, strandId);
  const bundle = wrapBundle(secret, input.remaining.map((d) => fromHex(d.x25519)));
  secret.fill(0);
  const entry = sealRosterEntry({
    strandId,
    seq: state.seq + 1,
    prev: state.head,
    epoch,
    keys: next,
    writeKeys: keyring.keysFor(state.epoch)!,
    newEpoch: true,
    bundle,
    op: input.op(toHex(previous)),
    signerSecretKey: keys.device.secretKey,
  });
  previous.fill(0);
  const answer = await relay.appendRoster(strandId, entry);
  if (!answer.ok) {
    throw new HelixError(
      "conflict",
      `Cannot ${input.what}: the roster changed meanwhile; run \`${input.again}\` again`,
    );
  }
  return epoch;
}

/**
 * Moves this device to the roster's epoch when a rotation opened one: seals under it from now
 * on and re-seals the changes not yet pushed. Throws `unauthorized` when the roster's epoch
 * holds no key for this device: it was removed. Returns whether the epoch changed.
 */
export function adoptEpoch(
  store: Store,
  roster: Pick<RosterState, "epoch" | "devices">,
  keyring: Keyring,
  keys: SyncKeys,
): boolean {
  const strand = syncStrand(store)!;
  const removed = !roster.devices.some((d) => d.device === keys.device.fingerprint);
  if (removed || keyring.keysFor(roster.epoch) === undefined) {
    throw new HelixError(
      "unauthorized",
      "This machine was removed from the synced strand: its key does not open the strand's current epoch",
    );
  }
  if (roster.epoch === strand.epoch) return false;
  const keysNow = keyring.keysFor(roster.epoch)!;
  writeTransaction(store.db, "adopt the new epoch", () => {
    setStrandEpoch(store, roster.epoch);
    for (let after = 0;;) {
      const rows = unackedAfter(store, after, 200);
      if (rows.length === 0) break;
      for (const row of rows) {
        const opened = openDelta(row.bytes, keyring.keysFor, strand.strandId);
        if (opened.header.epoch === roster.epoch) continue;
        const sealed = sealDelta({
          strandId: strand.strandId,
          epoch: roster.epoch,
          keys: keysNow,
          body: opened.body,
          sigDev: opened.sigDev,
        });
        resealQueued(store, row.n, sealed.deltaId, sealed.bytes);
      }
      after = rows[rows.length - 1]!.n;
    }
  });
  return true;
}
