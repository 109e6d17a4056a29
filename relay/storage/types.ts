/**
 * The relay's storage interface: bytes only. A backend stores what sync-protocol R15 allows and
 * nothing else: the strand id (random), the server sequence, the delta id, the epoch, the
 * sealed bytes and the day they arrived (no exact timestamps, no device ids, no IPs). Roster
 * entries are kept the same way, with the head (seq, hash, epoch in force and its write key)
 * the relay needs for compare-and-swap and write authorization (R7, R14). Rendezvous blobs are
 * the one thing with an exact time: their expiry, ten minutes out.
 *
 * Every backend passes the one contract suite in `contract.ts` (T14).
 *
 * @module
 */

/** A roster entry as stored: the app parsed it; storage only keeps bytes and a few fields. */
export interface RosterRecord {
  /** Position in the roster, from 1. */
  readonly seq: number;
  /** Hex SHA-256 of `bytes` (the next entry's `prev`). */
  readonly hash: string;
  /** Epoch in force after this entry. */
  readonly epoch: number;
  /** Write public key of that epoch (the entry's own, or the one carried over). */
  readonly wpk: Uint8Array;
  /** The entry. */
  readonly bytes: Uint8Array;
  /** Day it arrived (days since 1970-01-01, UTC). */
  readonly day: number;
}

/** The roster head of a strand. */
export interface RosterHead {
  /** Seq of the last entry. */
  readonly seq: number;
  /** Its hash. */
  readonly hash: string;
  /** The epoch in force. */
  readonly epoch: number;
  /** That epoch's write public key. */
  readonly wpk: Uint8Array;
}

/** A delta to append. */
export interface DeltaRecord {
  /** Hex SHA-256 of `bytes` (R13). */
  readonly deltaId: string;
  /** Epoch named by its header. */
  readonly epoch: number;
  /** The sealed envelope. */
  readonly bytes: Uint8Array;
  /** Day it arrived. */
  readonly day: number;
}

/** One stored item of a list: its server sequence and bytes. */
export interface StoredItem {
  readonly seq: number;
  readonly bytes: Uint8Array;
}

/** Caps on one listing: it stops before `maxBytes` (but always returns one item) or at `maxCount`. */
export interface ListCaps {
  readonly maxCount: number;
  readonly maxBytes: number;
}

/** What appending a delta did. */
export type AppendDeltaResult =
  /** Stored under a new server sequence. */
  | { readonly kind: "stored"; readonly seq: number }
  /** Already there: its existing sequence (R15 `ON CONFLICT DO NOTHING`). */
  | { readonly kind: "duplicate"; readonly seq: number }
  /** Storing it would take the strand past `quota` bytes. */
  | { readonly kind: "quota"; readonly used: number }
  /** The strand's epoch moved on (a rotation committed since the caller checked). */
  | { readonly kind: "stale_epoch"; readonly epoch: number }
  /** No such strand. */
  | { readonly kind: "no_strand" };

/** What a compare-and-swap roster append did. */
export type AppendRosterResult =
  | { readonly kind: "stored"; readonly seq: number }
  /** The head is not the one the entry names (`prev`, `seq - 1`): the writer rebases. */
  | { readonly kind: "conflict"; readonly head: RosterHead }
  | { readonly kind: "no_strand" };

/** A complete subtree of a strand's log tree: level (0 = a leaf) and index at that level. */
export interface LogNodeKey {
  readonly level: number;
  readonly index: number;
}

/** A strand's latest complete snapshot as the relay sees it (R28): the parts' header fields. */
export interface SnapshotHead {
  /** The upload id its parts share (32 hex digits). */
  readonly upload: string;
  /** How many parts it has. */
  readonly parts: number;
  /** The relay log position it covers. */
  readonly position: number;
  /** The epoch that sealed it. */
  readonly epoch: number;
}

/** Snapshot parts and each strand's latest snapshot (R28): bytes only, as deltas. */
export interface SnapshotStorage {
  /** Stores part `part` of `upload` (again: replaced); false for an unknown strand. */
  putSnapshotPart(
    strand: string,
    upload: string,
    part: number,
    bytes: Uint8Array,
  ): Promise<boolean>;
  /** How many parts of `upload` are stored. */
  countSnapshotParts(strand: string, upload: string): Promise<number>;
  /** A stored part, or null. */
  snapshotPart(strand: string, upload: string, part: number): Promise<Uint8Array | null>;
  /**
   * Makes `head` the strand's latest snapshot unless the one in force covers a later log
   * position, then drops the parts of every other upload; returns the head in force after.
   */
  setSnapshotHead(strand: string, head: SnapshotHead): Promise<SnapshotHead>;
  /** The latest snapshot, or null. */
  snapshotHead(strand: string): Promise<SnapshotHead | null>;
  /** Drops the parts of every upload of the strand but those in `keep`. */
  dropSnapshotUploads(strand: string, keep: readonly string[]): Promise<void>;
}

/** A strand's GC marker as the relay keeps it (R28): the position it covers and its bytes. */
export interface GcRecord {
  /** The relay log position it covers: deltas at or before it keep their ids, not their bytes. */
  readonly position: number;
  /** The marker (`HXG1`, `@helix/core/wire`). */
  readonly marker: Uint8Array;
}

/** What compacting a strand did. */
export type CompactResult =
  /** The marker is in force; `dropped` deltas lost their bytes now (`freed` of them). */
  | {
    readonly kind: "compacted";
    readonly position: number;
    readonly dropped: number;
    readonly freed: number;
  }
  /** A marker covering a later position is in force already: nothing changed. */
  | { readonly kind: "behind"; readonly position: number }
  /** No such strand. */
  | { readonly kind: "no_strand" };

/** Compaction (R28): the GC marker in force and the delta bytes it lets the relay drop. */
export interface CompactionStorage {
  /**
   * Keeps `record` as the strand's marker unless one covering a later position is in force,
   * then drops the bytes of every delta at or before its position (their ids, sequences and
   * log leaves stay, so duplicates are still recognized and proofs still verify), and takes
   * them off the bytes used, in one commit where the backend allows (SQLite, PostgreSQL).
   * Running it again with the same marker finishes a drop cut short.
   */
  compact(strand: string, record: GcRecord): Promise<CompactResult>;
  /** The marker in force, or null when the strand was never compacted. */
  gcMarker(strand: string): Promise<GcRecord | null>;
}

/** The relay's storage: bytes in, bytes out. */
export interface RelayStorage extends SnapshotStorage, CompactionStorage {
  /** Creates a strand with its genesis entry (seq 1); false when the strand exists. */
  createStrand(strand: string, genesis: RosterRecord): Promise<boolean>;
  /** The roster head, or null for an unknown strand. */
  rosterHead(strand: string): Promise<RosterHead | null>;
  /** Appends `entry` if the head is still (`entry.seq - 1`, `prev`): compare-and-swap (R7). */
  appendRoster(strand: string, prev: string, entry: RosterRecord): Promise<AppendRosterResult>;
  /** Roster entries with seq > `after`, in order, within `caps`. */
  listRoster(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]>;
  /** The server sequence of a stored delta, or null. */
  findDelta(strand: string, deltaId: string): Promise<number | null>;
  /**
   * Appends a delta unless its id is already there (then its sequence), the strand is not at
   * `epoch` any more, or the strand's bytes would pass `quota`. In the same commit it adds
   * the delta id as the next leaf of the strand's log tree (R16): the leaf and every complete
   * subtree it closes (`logAppendNodes` of `@helix/core/wire`).
   */
  appendDelta(strand: string, delta: DeltaRecord, quota: number): Promise<AppendDeltaResult>;
  /** Deltas with seq > `after`, in order, within `caps`. */
  listDeltas(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]>;
  /** Leaves in the strand's log tree (its last delta sequence), or null for an unknown strand. */
  logSize(strand: string): Promise<number | null>;
  /**
   * The hashes of the complete subtrees `keys` of the strand's log tree, in order; null for
   * one that is not there (not yet closed, or an unknown strand). Nodes never change once
   * written, so a size read first and nodes read after always agree.
   */
  logNodes(strand: string, keys: readonly LogNodeKey[]): Promise<(Uint8Array | null)[]>;
  /** Bytes of deltas stored for the strand (what the quota counts). */
  bytesUsed(strand: string): Promise<number>;
  /** Stores a rendezvous blob until `expiresAt` (ms), replacing any earlier one in the slot. */
  putRendezvous(id: string, slot: string, bytes: Uint8Array, expiresAt: number): Promise<void>;
  /** The blob in a slot, or null when absent or expired at `now`. */
  getRendezvous(id: string, slot: string, now: number): Promise<Uint8Array | null>;
  /** Deletes every blob expired at `now`; returns how many. */
  expireRendezvous(now: number): Promise<number>;
  /** Releases the backend. */
  close(): void;
}

/** Days since 1970-01-01 UTC of `ms`: the only time a stored delta carries (R15). */
export function dayOf(ms: number): number {
  return Math.floor(ms / 86_400_000);
}
