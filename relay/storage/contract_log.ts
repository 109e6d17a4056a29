/**
 * The log-tree part of the storage contract (R16, T14): after any mix of appends, refusals,
 * duplicates, concurrency and reopening, the stored complete subtrees give the RFC 9162 root
 * of the delta ids in server order, computed here independently with `node:crypto`.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { logConsistencyProof, logRoot, verifyLogConsistency, withLogNodes } from "@helix/core/wire";
import type { StorageFixture } from "./contract.ts";
import type { DeltaRecord, RelayStorage, RosterRecord } from "./types.ts";

type Test = (title: string, body: (s: RelayStorage, f: StorageFixture) => Promise<void>) => void;

interface Samples {
  readonly strand: string;
  readonly other: string;
  readonly entry: (seq: number, epoch?: number) => RosterRecord;
  readonly delta: (n: number, epoch?: number, size?: number) => DeltaRecord;
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** RFC 9162 §2.1.1 as written, over hex delta ids. */
export function referenceRoot(ids: readonly string[]): Uint8Array {
  const h = (...parts: Uint8Array[]) => {
    const hash = createHash("sha256");
    for (const part of parts) hash.update(part);
    return new Uint8Array(hash.digest());
  };
  const mth = (items: readonly string[]): Uint8Array => {
    if (items.length === 0) return h();
    if (items.length === 1) {
      return h(Uint8Array.of(0), Uint8Array.from(Buffer.from(items[0]!, "hex")));
    }
    let k = 1;
    while (k * 2 < items.length) k *= 2;
    return h(Uint8Array.of(1), mth(items.slice(0, k)), mth(items.slice(k)));
  };
  return mth(ids);
}

/** The root the storage gives for the strand's log at `size` (default: all of it). */
export async function storedRoot(s: RelayStorage, strand: string, size?: number) {
  const n = size ?? (await s.logSize(strand)) ?? 0;
  return await withLogNodes((lookup) => logRoot(n, lookup), (keys) => s.logNodes(strand, keys));
}

async function listedIds(s: RelayStorage, strand: string, ids: Map<string, string>) {
  const items = await s.listDeltas(strand, 0, { maxCount: 1000, maxBytes: 1 << 30 });
  return items.map((item) => ids.get(Buffer.from(item.bytes).toString("hex"))!);
}

/** Registers the log-tree tests through the suite's `test`. */
export function logContract(test: Test, { strand, other, entry, delta }: Samples): void {
  test("the log tree follows the appended deltas, and refusals add no leaf", async (s) => {
    equal(await s.logSize(strand), null);
    deepEqual(await s.logNodes(strand, [{ level: 0, index: 0 }]), [null]);
    await s.createStrand(strand, entry(1));
    equal(await s.logSize(strand), 0);
    deepEqual(await storedRoot(s, strand), referenceRoot([]));
    const ids: string[] = [];
    for (let n = 1; n <= 13; n++) {
      await s.appendDelta(strand, delta(n), UNLIMITED);
      ids.push(delta(n).deltaId);
      await s.appendDelta(strand, delta(n), UNLIMITED); // a duplicate: no leaf
      deepEqual(await storedRoot(s, strand), referenceRoot(ids), `size ${n}`);
    }
    equal((await s.appendDelta(strand, delta(99, 5), UNLIMITED)).kind, "stale_epoch");
    equal((await s.appendDelta(strand, delta(98), 10)).kind, "quota");
    equal(await s.logSize(strand), 13);
    for (let m = 0; m <= 13; m++) {
      deepEqual(await storedRoot(s, strand, m), referenceRoot(ids.slice(0, m)));
    }
    const proof = await withLogNodes(
      (lookup) => logConsistencyProof(5, 13, lookup),
      (keys) => s.logNodes(strand, keys),
    );
    equal(
      verifyLogConsistency(5, 13, referenceRoot(ids.slice(0, 5)), referenceRoot(ids), proof),
      true,
    );
    equal(await s.logSize(other), null);
  });

  test(
    "concurrent appends build the tree in server order, and it survives reopening",
    async (_s, fixture) => {
      let s = fixture.storage;
      await s.createStrand(strand, entry(1));
      await s.createStrand(other, entry(1));
      const byBytes = new Map<string, string>();
      const work = Array.from({ length: 30 }, (_, i) => {
        const d = delta(i % 20);
        byBytes.set(Buffer.from(d.bytes).toString("hex"), d.deltaId);
        return s.appendDelta(i % 3 === 0 ? other : strand, d, UNLIMITED);
      });
      await Promise.all(work);
      for (const name of [strand, other]) {
        deepEqual(await storedRoot(s, name), referenceRoot(await listedIds(s, name, byBytes)));
      }
      s = await fixture.reopen();
      await s.appendDelta(strand, delta(77), UNLIMITED);
      byBytes.set(Buffer.from(delta(77).bytes).toString("hex"), delta(77).deltaId);
      const ids = await listedIds(s, strand, byBytes);
      equal(ids.at(-1), delta(77).deltaId);
      deepEqual(await storedRoot(s, strand), referenceRoot(ids));
    },
  );
}
