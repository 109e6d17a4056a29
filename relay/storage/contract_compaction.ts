/**
 * The compaction part of the storage contract (R28, T14): a GC marker drops the bytes of the
 * deltas at or before its position and nothing else; their ids still dedupe, the log tree and
 * its root are unchanged, the bytes used go down by what was freed; the marker never goes back
 * to an earlier position, a second run is a no-op, and all of it survives reopening.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import type { StorageFixture } from "./contract.ts";
import { referenceRoot, storedRoot } from "./contract_log.ts";
import type { DeltaRecord, RelayStorage, RosterRecord } from "./types.ts";

type Test = (title: string, body: (s: RelayStorage, f: StorageFixture) => Promise<void>) => void;

interface Samples {
  readonly strand: string;
  readonly other: string;
  readonly entry: (seq: number, epoch?: number) => RosterRecord;
  readonly delta: (n: number, epoch?: number, size?: number) => DeltaRecord;
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;
const ALL = { maxCount: 1000, maxBytes: 1 << 30 };
const marker = (n: number) => new Uint8Array(245).fill(n);

/** Registers the compaction tests through the suite's `test`. */
export function compactionContract(test: Test, { strand, other, entry, delta }: Samples): void {
  test("compaction drops covered bytes, keeps ids, leaves and the rest", async (s, f) => {
    equal(await s.gcMarker(strand), null);
    deepEqual(await s.compact(strand, { position: 1, marker: marker(1) }), { kind: "no_strand" });
    await s.createStrand(strand, entry(1));
    await s.createStrand(other, entry(1));
    // 70,000 bytes: over one Deno KV value, so it is stored in chunks.
    const deltas = [1, 2, 3, 4, 5].map((n) => delta(n, 0, n === 2 ? 70_000 : 300));
    for (const d of deltas) await s.appendDelta(strand, d, UNLIMITED);
    await s.appendDelta(other, delta(9), UNLIMITED);
    const root = await storedRoot(s, strand);
    const used = await s.bytesUsed(strand);
    const result = await s.compact(strand, { position: 3, marker: marker(3) });
    deepEqual(result, { kind: "compacted", position: 3, dropped: 3, freed: 70_600 });
    equal(await s.bytesUsed(strand), used - 70_600);
    deepEqual(await s.gcMarker(strand), { position: 3, marker: marker(3) });
    equal(await s.gcMarker(other), null);
    // What follows the position is served as before; the covered ids still dedupe.
    deepEqual(
      (await s.listDeltas(strand, 3, ALL)).map((i) => [i.seq, i.bytes]),
      [[4, deltas[3]!.bytes], [5, deltas[4]!.bytes]],
    );
    equal(await s.findDelta(strand, deltas[1]!.deltaId), 2);
    deepEqual(await s.appendDelta(strand, deltas[0]!, UNLIMITED), { kind: "duplicate", seq: 1 });
    deepEqual(await storedRoot(s, strand), root);
    deepEqual(root, referenceRoot(deltas.map((d) => d.deltaId)));
    equal((await s.listDeltas(other, 0, ALL)).length, 1); // another strand is its own
    // Again with the same marker: nothing more to drop.
    deepEqual(await s.compact(strand, { position: 3, marker: marker(3) }), {
      kind: "compacted",
      position: 3,
      dropped: 0,
      freed: 0,
    });
    const again = await f.reopen();
    deepEqual(await again.gcMarker(strand), { position: 3, marker: marker(3) });
    equal(await again.bytesUsed(strand), used - 70_600);
    deepEqual(await storedRoot(again, strand), root);
  });

  test("the GC marker only moves forward, and appends go on after it", async (s) => {
    await s.createStrand(strand, entry(1));
    for (const n of [1, 2, 3, 4]) await s.appendDelta(strand, delta(n), UNLIMITED);
    deepEqual(await s.compact(strand, { position: 3, marker: marker(3) }), {
      kind: "compacted",
      position: 3,
      dropped: 3,
      freed: 900,
    });
    deepEqual(await s.compact(strand, { position: 2, marker: marker(2) }), {
      kind: "behind",
      position: 3,
    });
    deepEqual(await s.gcMarker(strand), { position: 3, marker: marker(3) });
    deepEqual(await s.appendDelta(strand, delta(5), UNLIMITED), { kind: "stored", seq: 5 });
    deepEqual(await s.compact(strand, { position: 5, marker: marker(5) }), {
      kind: "compacted",
      position: 5,
      dropped: 2,
      freed: 600,
    });
    equal(await s.bytesUsed(strand), 0);
    equal(await s.logSize(strand), 5);
    deepEqual(await s.listDeltas(strand, 5, ALL), []);
    deepEqual(await s.gcMarker(strand), { position: 5, marker: marker(5) });
  });
}
