/**
 * Write authorization is cryptographic (sync-protocol R14): the relay holds no accounts, only
 * each strand's roster head with the write public key (`wpk`) of the epoch in force. A delta is
 * accepted only when its header names that epoch and its `wsig` verifies under that key; a
 * roster entry after genesis only when its `wsig` verifies under the key in force before it, and
 * it either stays in the epoch or opens a later one with a new `wpk`. Stage 1: the current
 * epoch is the latest one the roster announced. Parsing and signature checks are the wire
 * codecs of `core/mod.ts`.
 *
 * @module
 */
import {
  type DeltaHeader,
  readDeltaHeader,
  readRosterOuter,
  type RosterOuter,
  verifyDeltaWriteAsync,
  verifyRosterWrite,
} from "@helix/core/wire";
import { asRelayError, badRequest, RelayError } from "./errors.ts";
import type { RosterHead, RosterRecord } from "./storage/types.ts";

function forbidden(message: string, extra: Record<string, unknown> = {}): RelayError {
  return new RelayError(403, "unauthorized", message, extra);
}

function parse<T>(read: () => T, what: string): T {
  try {
    return read();
  } catch (error) {
    throw asRelayError(error, what);
  }
}

function sameStrand(found: string, strand: string, what: string): void {
  if (found !== strand) throw badRequest(`${what} belongs to another strand than the URL names`);
}

/** The relay-visible header of a delta sent to `strand`, or a 400/413. */
export function readDelta(bytes: Uint8Array, strand: string): DeltaHeader {
  const header = parse(() => readDeltaHeader(bytes), "Cannot accept delta");
  sameStrand(header.strandId, strand, "The delta");
  return header;
}

/** Refuses (403) a delta the strand at `head` may not store: another epoch, or a bad `wsig`. */
export async function authorizeDelta(
  bytes: Uint8Array,
  header: DeltaHeader,
  head: RosterHead,
): Promise<void> {
  if (header.epoch !== head.epoch) {
    throw forbidden(
      `The delta is sealed under epoch ${header.epoch}; epoch ${head.epoch} is current (re-seal it)`,
      { epoch: head.epoch },
    );
  }
  if (!(await verifyDeltaWriteAsync(bytes, head.wpk))) {
    throw forbidden(`The delta's write signature does not verify under epoch ${head.epoch}'s key`);
  }
}

/** The record of a genesis entry (seq 1, signed by the write key it publishes). */
export function authorizeGenesis(bytes: Uint8Array, strand: string, day: number): RosterRecord {
  const outer = parse(() => readRosterOuter(bytes), "Cannot accept genesis entry");
  sameStrand(outer.strandId, strand, "The genesis entry");
  if (outer.seq !== 1 || outer.wpk === null) {
    throw badRequest(`A strand starts with roster entry 1, not ${outer.seq}`);
  }
  if (!verifyRosterWrite(bytes, null)) {
    throw forbidden("The genesis entry's write signature does not verify under its own key");
  }
  return { seq: 1, hash: outer.hash, epoch: outer.epoch, wpk: outer.wpk, bytes, day };
}

/** The parsed fields of a roster entry sent to a strand, before any check against its head. */
export function readEntry(bytes: Uint8Array, strand: string): RosterOuter {
  const outer = parse(() => readRosterOuter(bytes), "Cannot accept roster entry");
  sameStrand(outer.strandId, strand, "The roster entry");
  return outer;
}

/**
 * The record of a roster entry that may follow `head`, or the typed refusal: the write key of
 * the epoch in force signs it, and its epoch is the same (no new key) or a later one (a new key).
 * The compare-and-swap on (seq, prev) is the storage's, atomically.
 */
export function authorizeAppend(
  bytes: Uint8Array,
  outer: RosterOuter,
  head: RosterHead,
  day: number,
): RosterRecord {
  if (!verifyRosterWrite(bytes, head.wpk)) {
    throw forbidden(`The entry's write signature does not verify under epoch ${head.epoch}'s key`);
  }
  const opens = outer.wpk !== null;
  if (opens ? outer.epoch <= head.epoch : outer.epoch !== head.epoch) {
    throw badRequest(
      opens
        ? `An entry that opens an epoch must name one after ${head.epoch}, not ${outer.epoch}`
        : `An entry without a new write key stays in epoch ${head.epoch}, not ${outer.epoch}`,
    );
  }
  return {
    seq: outer.seq,
    hash: outer.hash,
    epoch: outer.epoch,
    wpk: outer.wpk ?? head.wpk,
    bytes,
    day,
  };
}
