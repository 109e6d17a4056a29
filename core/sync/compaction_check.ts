/**
 * Believing a compaction (R28): a relay that answers a pull `compacted` must show a GC marker
 * that holds for this device (the roster entry it names is one this device verified, an admin
 * device at that entry signed it, the epoch's write key signed it, it covers the position the
 * relay claimed and that position is past this device's cursor) and a snapshot that covers it.
 * Then this device starts from that snapshot, as a joining one does (`snapshot_join.ts`), after
 * checking that the log its author verified extends the one this device verified, and pulls
 * what follows. Anything else is a lying relay: a lasting `TAMPER` alarm and `relay_misbehaved`,
 * before anything is written, so nothing held here is lost.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import { rosterEntries, syncStrand } from "../store/queries/sync.ts";
import { logState, raiseAlarm } from "../store/queries/sync_log.ts";
import type { Store } from "../store/store.ts";
import { writeTransaction } from "../store/transaction.ts";
import type { SyncDeps } from "./deps.ts";
import type { Keyring } from "./keyring.ts";
import { frontierFrom, frontierRoot } from "./log_frontier.ts";
import type { RelayPort } from "./relay_port.ts";
import { applySnapshot, latestVerifiedSnapshot, type OpenedLatest } from "./snapshot_join.ts";
import { type GcMarker, openGcMarker, parseGcMarker } from "./wire/gc_marker.ts";
import { fromHex } from "./wire/ids.ts";
import { verifyLogConsistency } from "./wire/log_proof.ts";
import { type KeysForEpoch, type RosterState, verifyRosterChain } from "./wire/roster_chain.ts";

/** The position a relay's `compacted` answer names, or null for any other error. */
export function compactedAt(error: unknown): number | null {
  if (!isHelixError(error, "conflict")) return null;
  const at = (error.details as { compacted?: unknown } | undefined)?.compacted;
  return typeof at === "number" ? at : null;
}

/** The admin devices of the roster at entry `seq` (as this device verified it). */
export function adminsAt(
  store: Pick<Store, "prepare">,
  strandId: string,
  keysFor: KeysForEpoch,
  seq: number,
): { device: string; name: string; ed25519: Uint8Array }[] {
  const entries = rosterEntries(store).slice(0, seq).map((entry) => entry.bytes);
  const state: RosterState = verifyRosterChain(entries, strandId, keysFor);
  const admins = new Set(
    state.members.filter((m) => m.role === "admin").flatMap((m) => [...m.devices]),
  );
  return state.devices.filter((d) => admins.has(d.device)).map((d) => ({
    device: d.device,
    name: d.name,
    ed25519: fromHex(d.ed25519),
  }));
}

/**
 * Checks a GC marker as every reader does; returns it with its signer's device id. `tampered`
 * for a roster entry this device does not hold, `bad_signature` for a signer that was not an
 * admin there or a write signature that does not verify, the parser's errors for bad bytes.
 */
export function checkGcMarker(
  store: Pick<Store, "prepare">,
  bytes: Uint8Array,
  context: { readonly strandId: string; readonly keysFor: KeysForEpoch },
): { marker: GcMarker; signer: string } {
  const marker = parseGcMarker(bytes);
  const refuse = (problem: string) =>
    new HelixError("tampered", `Cannot believe the GC marker: ${problem}`);
  if (marker.strandId !== context.strandId) throw refuse("it names another strand");
  const keys = context.keysFor(marker.epoch);
  if (keys === undefined) throw refuse(`no key of its epoch ${marker.epoch} is held here`);
  const entry = rosterEntries(store)[marker.rosterSeq - 1];
  if (entry === undefined || entry.hash !== marker.rosterHead) {
    throw refuse(`it names roster entry ${marker.rosterSeq}, which is not this roster's`);
  }
  const admins = adminsAt(store, context.strandId, context.keysFor, marker.rosterSeq);
  const signer = openGcMarker(bytes, admins, keys.writePublic);
  return { marker, signer };
}

/** What starting over after a compaction did. */
export interface CompactionStart {
  /** The position the marker covers. */
  readonly position: number;
  /** The snapshot applied. */
  readonly snapshotId: string;
  /** The relay log position the applied snapshot covers. */
  readonly snapshotPosition: number;
}

/**
 * The relay answered `compacted` at `position` to a pull after this device's cursor: checks
 * its marker and snapshot, then applies the snapshot (cursor at its position). Throws
 * `relay_misbehaved` with a `TAMPER` alarm when either does not hold.
 */
export async function startAfterCompaction(
  deps: Pick<SyncDeps, "store" | "clock" | "mergeOps">,
  context: {
    readonly relay: RelayPort;
    readonly keyring: Keyring;
    readonly roster: RosterState;
    readonly position: number;
  },
): Promise<CompactionStart> {
  const { store } = deps;
  const { relay, keyring, position } = context;
  const strand = syncStrand(store)!;
  const strandId = strand.strandId;
  const tamper = (detail: string): never => {
    writeTransaction(
      store.db,
      "raise a sync alarm",
      () => raiseAlarm(store, "TAMPER", detail, deps.clock.now()),
    );
    throw new HelixError("relay_misbehaved", `Cannot pull: TAMPER: ${detail}`, {
      details: { alarm: "TAMPER" },
    });
  };
  const said = `the relay says it compacted its log through ${position}`;
  const bytes = relay.gcMarker ? await relay.gcMarker(strandId) : null;
  if (bytes === null) return tamper(`${said} but shows no GC marker`);
  try {
    checkGcMarker(store, bytes, { strandId, keysFor: keyring.keysFor });
  } catch (error) {
    if (!isHelixError(error)) throw error;
    return tamper(`${said}; its GC marker does not hold (${error.message})`);
  }
  const marker = parseGcMarker(bytes);
  if (marker.position !== position) {
    return tamper(`${said}; its GC marker covers ${marker.position}`);
  }
  if (strand.cursor >= position) {
    return tamper(`${said}, yet withholds the deltas after ${strand.cursor}`);
  }
  let snapshot: OpenedLatest | null;
  try {
    snapshot = await latestVerifiedSnapshot(store, {
      strandId,
      relay,
      roster: context.roster,
      keysFor: keyring.keysFor,
    });
  } catch (error) {
    if (!isHelixError(error) || error.code === "relay_unavailable") throw error;
    return tamper(`${said}; its snapshot does not hold (${error.message})`);
  }
  if (snapshot === null || snapshot.content.position < position) {
    return tamper(`${said}; no snapshot covers it`);
  }
  await checkLogExtends(store, relay, strandId, snapshot, tamper);
  const applied = applySnapshot(deps, snapshot);
  return { position, snapshotId: applied.snapshotId, snapshotPosition: applied.position };
}

/** The log the snapshot's author verified extends the one this device verified (R22, R23). */
async function checkLogExtends(
  store: Pick<Store, "prepare">,
  relay: RelayPort,
  strandId: string,
  snapshot: OpenedLatest,
  tamper: (detail: string) => never,
): Promise<void> {
  const log = logState(store);
  const theirs = snapshot.content.logFrontier;
  if (log.relayKey === null || log.frontier === null || theirs === null) return;
  const mine = frontierFrom(log.frontier);
  if (mine.size === 0) return;
  const size = snapshot.content.position;
  const root = frontierRoot({
    size,
    nodes: theirs.map(([level, hash]) => ({ level, hash: fromHex(hash) })),
  });
  const proof = await relay.consistency(strandId, mine.size, size);
  if (proof === null || !verifyLogConsistency(mine.size, size, frontierRoot(mine), root, proof)) {
    tamper(
      `the snapshot's log at ${size} does not extend the log this device verified at ${mine.size}`,
    );
  }
}
