/**
 * The snapshot part of the storage contract (R28, T14): parts of up to 1 MiB come back byte
 * for byte, are counted per upload, survive reopening; the head only moves forward in log
 * position, and completing one upload drops every other upload's parts.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import type { StorageFixture } from "./contract.ts";
import type { RelayStorage, RosterRecord } from "./types.ts";

type Test = (title: string, body: (s: RelayStorage, f: StorageFixture) => Promise<void>) => void;

interface Samples {
  readonly strand: string;
  readonly other: string;
  readonly entry: (seq: number, epoch?: number) => RosterRecord;
  readonly bytes: (length: number, seed: number) => Uint8Array;
}

const A = "aa".repeat(16);
const B = "bb".repeat(16);
const C = "cc".repeat(16);

/** Registers the snapshot tests through the suite's `test`. */
export function snapshotContract(test: Test, { strand, other, entry, bytes }: Samples): void {
  test("snapshot parts are kept per upload, byte for byte, up to 1 MiB", async (s) => {
    equal(await s.putSnapshotPart(strand, A, 0, bytes(10, 1)), false); // no such strand
    await s.createStrand(strand, entry(1));
    equal(await s.snapshotHead(strand), null);
    const big = bytes(1 << 20, 2);
    equal(await s.putSnapshotPart(strand, A, 0, big), true);
    equal(await s.putSnapshotPart(strand, A, 1, bytes(70_000, 3)), true);
    equal(await s.putSnapshotPart(strand, A, 1, bytes(70_000, 3)), true); // again: replaced
    equal(await s.putSnapshotPart(strand, B, 0, bytes(5, 4)), true);
    equal(await s.countSnapshotParts(strand, A), 2);
    equal(await s.countSnapshotParts(strand, B), 1);
    equal(await s.countSnapshotParts(other, A), 0);
    deepEqual(await s.snapshotPart(strand, A, 0), big);
    deepEqual(await s.snapshotPart(strand, A, 1), bytes(70_000, 3));
    equal(await s.snapshotPart(strand, A, 2), null);
    equal(await s.snapshotPart(other, A, 0), null);
  });

  test("the snapshot head moves only forward, and drops the other uploads' parts", async (s, f) => {
    await s.createStrand(strand, entry(1));
    await s.createStrand(other, entry(1));
    for (const upload of [A, B, C]) await s.putSnapshotPart(strand, upload, 0, bytes(100, 5));
    await s.putSnapshotPart(other, A, 0, bytes(100, 6));
    const head = { upload: A, parts: 1, position: 10, epoch: 0 };
    deepEqual(await s.setSnapshotHead(strand, head), head);
    deepEqual(await s.snapshotHead(strand), head);
    equal(await s.countSnapshotParts(strand, B), 0);
    equal(await s.countSnapshotParts(strand, C), 0);
    equal(await s.countSnapshotParts(other, A), 1); // another strand's are its own
    // An upload covering an earlier position does not replace it.
    await s.putSnapshotPart(strand, B, 0, bytes(100, 7));
    deepEqual(await s.setSnapshotHead(strand, { ...head, upload: B, position: 9 }), head);
    equal(await s.countSnapshotParts(strand, B), 0);
    const later = { upload: C, parts: 1, position: 12, epoch: 1 };
    await s.putSnapshotPart(strand, C, 0, bytes(100, 8));
    deepEqual(await s.setSnapshotHead(strand, later), later);
    equal(await s.countSnapshotParts(strand, A), 0);
    equal(await s.snapshotHead(other), null);
    await s.putSnapshotPart(strand, A, 0, bytes(100, 9));
    await s.putSnapshotPart(strand, B, 0, bytes(100, 9));
    await s.dropSnapshotUploads(strand, [C, B]);
    equal(await s.countSnapshotParts(strand, A), 0);
    equal(await s.countSnapshotParts(strand, B), 1);
    equal(await s.countSnapshotParts(strand, C), 1);
    await s.dropSnapshotUploads(strand, [C]);
    equal(await s.countSnapshotParts(strand, B), 0);
    const again = await f.reopen();
    deepEqual(await again.snapshotHead(strand), later);
    deepEqual(await again.snapshotPart(strand, C, 0), bytes(100, 8));
  });
}
