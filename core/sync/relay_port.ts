/**
 * What the sync client needs from a relay (docs/sync.md, "Relay HTTP surface"): a bytes-only
 * store of roster entries, sealed deltas and pairing messages. `relay_http.ts` implements it
 * over HTTP; tests may put an adversary between the two. Every method throws a `HelixError`:
 * `relay_unavailable` when the relay cannot be reached, `relay_misbehaved` when it answers
 * outside the protocol, `conflict`, `unauthorized`, `quota_exceeded` as it says.
 *
 * @module
 */
import type { SignedLogHead } from "./wire/log_head.ts";

/** A record of a relay list: its server sequence and its bytes. */
export interface RelayRecord {
  /** The relay's server sequence. */
  readonly seq: number;
  /** The stored bytes. */
  readonly bytes: Uint8Array;
}

/** A page of deltas after a cursor. */
export interface DeltaPage {
  /** The deltas, in server order. */
  readonly records: readonly RelayRecord[];
  /** Whether more deltas follow the last record. */
  readonly more: boolean;
  /** The relay's signed log head with the answer (R16), or null from a relay without one. */
  readonly head: SignedLogHead | null;
}

/** The result of a roster compare-and-swap. */
export type RosterAppend =
  | { readonly ok: true; readonly seq: number }
  | { readonly ok: false; readonly headSeq: number };

/** A strand's latest complete snapshot as the relay names it (R28). */
export interface SnapshotRef {
  /** The upload id its parts share (32 hex digits). */
  readonly upload: string;
  /** How many parts. */
  readonly parts: number;
  /** The relay log position it covers. */
  readonly position: number;
  /** The epoch that sealed it. */
  readonly epoch: number;
}

/** Snapshots on a relay (R28); a relay port without them has none. */
export interface SnapshotPort {
  /** Uploads one part; `complete` once every part of the upload is in. */
  putSnapshotPart(
    strandId: string,
    upload: string,
    part: number,
    bytes: Uint8Array,
  ): Promise<{ complete: boolean; latest: boolean }>;
  /** The strand's latest snapshot, or null when it has none. */
  latestSnapshot(strandId: string): Promise<SnapshotRef | null>;
  /** One part of an upload. */
  snapshotPart(strandId: string, upload: string, part: number): Promise<Uint8Array>;
}

/** What a relay did with a GC marker (R28). */
export interface CompactionAnswer {
  /** The log position the marker in force covers. */
  readonly position: number;
  /** Deltas whose bytes it dropped now. */
  readonly dropped: number;
  /** Their bytes. */
  readonly freed: number;
}

/**
 * Compaction on a relay (R28); a relay port without it never compacts. A pull of deltas the
 * relay dropped throws `conflict` with `details.compacted` (the position the marker covers).
 */
export interface CompactionPort {
  /** Puts an admin's GC marker: the relay keeps it and drops the covered deltas' bytes. */
  putGcMarker(strandId: string, marker: Uint8Array): Promise<CompactionAnswer>;
  /** The GC marker in force, or null when the strand was never compacted. */
  gcMarker(strandId: string): Promise<Uint8Array | null>;
}

/** A relay, as the sync client sees it. */
export interface RelayPort extends Partial<SnapshotPort>, Partial<CompactionPort> {
  /** The relay's base URL (what `sync status` shows). */
  readonly url: string;
  /** Creates a strand with its genesis roster entry; `conflict` when it exists. */
  createStrand(strandId: string, genesis: Uint8Array): Promise<void>;
  /** Roster entries with seq greater than `after`, in order. */
  roster(strandId: string, after: number): Promise<RelayRecord[]>;
  /** Appends a roster entry if its `prev` is the relay's head. */
  appendRoster(strandId: string, entry: Uint8Array): Promise<RosterAppend>;
  /** Uploads a sealed delta; a duplicate answers the sequence it already has. */
  push(strandId: string, delta: Uint8Array): Promise<{ seq: number; duplicate: boolean }>;
  /** Deltas with server sequence greater than `after`, at most `limit`. */
  pull(strandId: string, after: number, limit: number): Promise<DeltaPage>;
  /**
   * A consistency proof (RFC 9162) of the relay's log from size `from` to size `to`, or null
   * from a relay that keeps no verifiable log.
   */
  consistency(strandId: string, from: number, to: number): Promise<Uint8Array[] | null>;
  /** The relay's log signing key (R16), or null from a relay that keeps no verifiable log. */
  relayKey(): Promise<Uint8Array | null>;
  /** Leaves a pairing message at a rendezvous slot (kept ten minutes). */
  leave(rendezvous: string, slot: string, bytes: Uint8Array): Promise<void>;
  /** The pairing message at a rendezvous slot, or null when none is there yet. */
  collect(rendezvous: string, slot: string): Promise<Uint8Array | null>;
}

/**
 * A relay acting as another strand's witness (R22): it keeps each device's latest signed
 * statement of the log head it verified (`wire/witness.ts`), under the strand's witness id.
 */
export interface WitnessPort {
  /** The witness's base URL. */
  readonly url: string;
  /** Leaves the statement at `slot` (a device's, replacing its previous one). */
  leaveStatement(witnessId: string, slot: string, statement: Uint8Array): Promise<void>;
  /** The latest statement at `slot`, or null when none was left. */
  readStatement(witnessId: string, slot: string): Promise<Uint8Array | null>;
}
