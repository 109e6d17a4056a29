/**
 * Fixed snapshots for the snapshot wire tests, vectors and the fuzzer.
 *
 * @module
 */
import { sha256Hex } from "../../util/hash.ts";
import * as T from "./_testing.ts";
import { sealGcMarker } from "./gc_marker.ts";
import { type SealedSnapshot, sealSnapshot } from "./snapshot.ts";
import type { SnapshotContent } from "./snapshot_body.ts";

/** Snapshot content with one chain of `changes` changes and `ops` ops. */
export function sampleSnapshotContent(ops = 2, changes = 2): SnapshotContent {
  return {
    author: T.DEVICE_ID,
    rosterHead: "ab".repeat(32),
    rosterSeq: 2,
    position: 5,
    logFrontier: [[2, "01".repeat(32)], [0, "02".repeat(32)]],
    previous: null,
    stateHash: "cd".repeat(32),
    chains: changes === 0 ? [] : [{
      device: T.DEVICE_ID,
      changes: Array.from({ length: changes }, (_, i) => ({
        seq: i + 1,
        changeId: sha256Hex(`change ${i}`),
      })),
    }],
    ops: Array.from({ length: ops }, (_, i) => T.sampleOp(i + 1)),
  };
}

/** A sealed sample snapshot with a fixed upload id and nonces (so fixed bytes). */
export function sampleSnapshot(ops = 2, epoch = 0): SealedSnapshot {
  return sealSnapshot({
    strandId: T.STRAND,
    epoch,
    keys: epoch === 0 ? T.KEYS_0 : T.KEYS_1,
    content: sampleSnapshotContent(ops),
    deviceSecretKey: T.DEVICE_SECRET,
    upload: new Uint8Array(16).fill(0x99),
    nonce: (part) => new Uint8Array(24).fill(part + 1),
  });
}

/** A GC marker over the sample snapshot, signed by the sample device and epoch-0 write key. */
export function sampleGcMarker(position = 5): Uint8Array {
  return sealGcMarker(
    {
      strandId: T.STRAND,
      epoch: 0,
      upload: "99".repeat(16),
      position,
      rosterSeq: 2,
      rosterHead: "ab".repeat(32),
      snapshotId: "2bbda25e85b4eadd83fa5687ef4250d5ee7cd09bb3f94489435831bd38f020cd",
    },
    T.DEVICE_ID,
    T.DEVICE_SECRET,
    T.KEYS_0,
  );
}
