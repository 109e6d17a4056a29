/**
 * Verifying a roster from genesis (sync-protocol R6–R8, stage 1): each entry names the
 * previous one's hash and the next sequence number, its `wsig` verifies under the write key
 * of the epoch in force before it (the genesis: its own), an epoch changes only by one and
 * with a `wpk` that the client's keys for that epoch reproduce, the payload opens under that
 * epoch's `k_roster`, the signer is a device of the roster before the entry (the genesis
 * is signed by a device it creates), and its member may make the change (`roster_members.ts`).
 * The result is the members, device set, epoch and write key.
 *
 * @module
 */
import { verifySignature } from "../../crypto/ed25519.ts";
import { constantTimeEqual } from "../../crypto/bytes.ts";
import type { EpochKeys } from "./epoch.ts";
import { corrupt } from "./errors.ts";
import { fromHex } from "./ids.ts";
import { openRosterEntry, verifyRosterSignature } from "./roster_entry.ts";
import type { RosterDevice } from "./roster_ops.ts";
import { applyMembership, genesisDevices, type Membership, refuseEntry } from "./roster_members.ts";
import { GENESIS_PREV, readRosterOuter, rosterWriteMessage } from "./roster_outer.ts";

/** What a verified roster says (its members, devices and roles: {@linkcode Membership}). */
export interface RosterState extends Membership {
  /** Strand id. */
  readonly strandId: string;
  /** Sequence of the last entry. */
  readonly seq: number;
  /** Hash of the last entry (`rosterHead` in deltas, `prev` of the next entry). */
  readonly head: string;
  /** The epoch in force. */
  readonly epoch: number;
  /** Its write public key. */
  readonly writePublic: Uint8Array;
  /** Current devices, in the order they joined (every member's). */
  readonly devices: readonly RosterDevice[];
  /** Device ids removed so far (never re-admitted). */
  readonly removed: readonly string[];
  /**
   * The removed devices (removed alone, or with their member), with the sequence of the entry
   * that removed each: their changes made before it may still arrive, and count once a
   * remaining device vouches for them (R29).
   */
  readonly former: readonly (RosterDevice & { readonly removedAt: number })[];
  /** The relay key the last `pin_relay` entry pinned (hex), or null before any. */
  readonly relayKey: string | null;
  /**
   * A device was removed, or a member left, without a new epoch since (R8): it still holds
   * the key in force, so new changes are readable by it until an admin rotates.
   */
  readonly rotationPending: boolean;
  /** Bundle of the last entry that carried one, with that entry's epoch. */
  readonly bundles: readonly {
    readonly seq: number;
    readonly epoch: number;
    readonly bundle: Uint8Array;
  }[];
}

/** Keys the verifier holds, by epoch. */
export type KeysForEpoch = (epoch: number) => EpochKeys | undefined;

const refuse = refuseEntry;

/**
 * `state` advanced by one more entry (`state` null: `bytes` must be the genesis entry of
 * `strandId`). Throws a {@linkcode HelixError}: `tampered` for a broken chain (sequence,
 * prev, strand), `bad_signature` for a `wsig` or signer signature that does not verify,
 * `decrypt_failed` when no key of the entry's epoch opens it, `unauthorized` when the signer
 * is not a device of the roster or the change is not allowed, `corrupt` when malformed.
 */
export function applyRosterEntry(
  state: RosterState | null,
  bytes: Uint8Array,
  strandId: string,
  keysForEpoch: KeysForEpoch,
): RosterState {
  const outer = readRosterOuter(bytes);
  const seq = outer.seq;
  if (outer.strandId !== strandId) {
    throw refuse("tampered", "strand", seq, "another strand's entry");
  }
  if (seq !== (state?.seq ?? 0) + 1) {
    throw refuse("tampered", "seq", seq, `expected sequence ${(state?.seq ?? 0) + 1}`);
  }
  if (outer.prev !== (state?.head ?? GENESIS_PREV)) {
    throw refuse("tampered", "prev", seq, "prev is not the hash of the previous entry");
  }
  const epoch = state?.epoch;
  if (
    state !== null && outer.epoch !== epoch && !(outer.wpk !== null && outer.epoch === epoch! + 1)
  ) {
    throw refuse("tampered", "epoch", seq, `epoch ${outer.epoch} does not follow ${epoch}`);
  }
  if (state !== null && outer.wpk !== null && outer.epoch === epoch) {
    throw refuse("tampered", "epoch", seq, "a new write key without a new epoch");
  }
  const keys = keysForEpoch(outer.epoch);
  if (keys === undefined) {
    throw refuse("decrypt_failed", "epoch", seq, `no keys for epoch ${outer.epoch}`);
  }
  if (outer.wpk !== null && !constantTimeEqual(outer.wpk, keys.writePublic)) {
    throw refuse("decrypt_failed", "wpk", seq, "the published write key is not this epoch's");
  }
  const writeKey = state?.writePublic ?? outer.wpk!;
  if (!verifySignature(outer.wsig, rosterWriteMessage(outer.signedBytes), writeKey)) {
    throw refuse("bad_signature", "wsig", seq, "the write signature does not verify");
  }
  const entry = openRosterEntry(bytes, keys, strandId);
  const before = state?.devices ?? genesisDevices(entry.op) ?? [];
  const signer = before.find((device) => device.device === entry.signer);
  if (signer === undefined) {
    throw refuse("unauthorized", "signer", seq, "the signer is not a device of the roster");
  }
  if (!verifyRosterSignature(entry, fromHex(signer.ed25519))) {
    throw refuse("bad_signature", "sig", seq, "the signer's signature does not verify");
  }
  const op = entry.op;
  const membership = applyMembership(state, op, entry.signer, seq, outer.wpk !== null);
  const bundles = state?.bundles ?? [];
  const { kind, team, members, devices, removed, former, gone } = membership;
  return {
    strandId,
    seq,
    head: outer.hash,
    epoch: outer.epoch,
    writePublic: outer.wpk ?? writeKey,
    kind,
    team,
    members,
    devices,
    removed,
    former,
    gone,
    relayKey: op.kind === "pin_relay" ? op.key : state?.relayKey ?? null,
    rotationPending: outer.wpk !== null
      ? false
      : op.kind === "remove_device" || op.kind === "leave" || (state?.rotationPending ?? false),
    bundles: outer.bundle.length === 0
      ? bundles
      : [...bundles, { seq, epoch: outer.epoch, bundle: outer.bundle }],
  };
}

/**
 * Verifies a whole roster from its genesis entry (see {@linkcode applyRosterEntry} for the
 * checks and errors); `corrupt` for an empty list.
 *
 * @example Create a roster and verify it
 * ```ts
 * import { verifyRosterChain } from "./roster_chain.ts";
 * import { sealRosterEntry } from "./roster_entry.ts";
 * import { deriveEpochKeys, newEpochSecret } from "./epoch.ts";
 * import { newStrandId } from "./ids.ts";
 * import { keyFingerprint, publicKeyOf } from "../../crypto/ed25519.ts";
 * import { x25519PublicKeyOf } from "../../crypto/x25519.ts";
 * import { bytesToHex } from "../../crypto/_noble.ts";
 * import { equal } from "node:assert/strict";
 *
 * const strandId = newStrandId();
 * const keys = deriveEpochKeys(newEpochSecret(), strandId);
 * const signing = crypto.getRandomValues(new Uint8Array(32));
 * const laptop = {
 *   device: keyFingerprint(publicKeyOf(signing)),
 *   ed25519: bytesToHex(publicKeyOf(signing)),
 *   x25519: bytesToHex(x25519PublicKeyOf(crypto.getRandomValues(new Uint8Array(32)))),
 *   name: "laptop",
 * };
 * const genesis = sealRosterEntry({
 *   strandId, seq: 1, prev: "", epoch: 0, keys,
 *   op: { kind: "create", devices: [laptop] }, signerSecretKey: signing,
 * });
 * const state = verifyRosterChain([genesis], strandId, () => keys);
 * equal(state.devices[0]!.name, "laptop");
 * equal(state.seq, 1);
 * ```
 */
export function verifyRosterChain(
  entries: readonly Uint8Array[],
  strandId: string,
  keysForEpoch: KeysForEpoch,
): RosterState {
  if (entries.length === 0) throw corrupt("roster", "empty", "the roster has no entries");
  let state: RosterState | null = null;
  for (const bytes of entries) state = applyRosterEntry(state, bytes, strandId, keysForEpoch);
  return state!;
}
