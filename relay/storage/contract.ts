/**
 * The one acceptance suite every relay storage backend passes (sync-protocol T14), after
 * automerge-repo's storage-adapter tests: a function that takes a backend factory and registers
 * the tests. `sqlite_test.ts`, `kv_test.ts` and `postgres_test.ts` call it.
 *
 * @module
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { compactionContract } from "./contract_compaction.ts";
import { logContract } from "./contract_log.ts";
import { snapshotContract } from "./contract_snapshot.ts";
import type { DeltaRecord, RelayStorage, RosterRecord } from "./types.ts";

/** A fresh backend for one test, and how to open it again on the same data (durability). */
export interface StorageFixture {
  readonly storage: RelayStorage;
  /** Closes `storage` and opens the same data again. */
  reopen(): Promise<RelayStorage>;
  /** Removes what the fixture made. */
  cleanup(): Promise<void>;
}

const STRAND = "0123456789abcdef0123456789abcdef";
const OTHER = "fedcba9876543210fedcba9876543210";
const DAY = 20_000;

function bytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

const hex = (n: number) => n.toString(16).padStart(64, "0");

function entry(seq: number, epoch = 0, size = 200): RosterRecord {
  return {
    seq,
    hash: hex(seq * 1000 + epoch),
    epoch,
    wpk: bytes(32, epoch + 7),
    bytes: bytes(size, seq),
    day: DAY,
  };
}

function delta(n: number, epoch = 0, size = 300): DeltaRecord {
  return { deltaId: hex(0xd000 + n), epoch, bytes: bytes(size, n + 100), day: DAY };
}

const UNLIMITED = Number.MAX_SAFE_INTEGER;
const ALL = { maxCount: 1000, maxBytes: 1 << 30 };

/** Registers the contract tests for the backend `name`, each on a fresh `open()`. */
export function storageContract(name: string, open: () => Promise<StorageFixture>): void {
  const test = (title: string, body: (s: RelayStorage, f: StorageFixture) => Promise<void>) =>
    Deno.test(`${name} storage: ${title}`, async () => {
      const fixture = await open();
      try {
        await body(fixture.storage, fixture);
      } finally {
        await fixture.cleanup();
      }
    });

  logContract(test, { strand: STRAND, other: OTHER, entry, delta });
  snapshotContract(test, { strand: STRAND, other: OTHER, entry, bytes });
  compactionContract(test, { strand: STRAND, other: OTHER, entry, delta });

  test("a strand is created once, with its genesis entry as the head", async (s) => {
    equal(await s.rosterHead(STRAND), null);
    const genesis = entry(1);
    equal(await s.createStrand(STRAND, genesis), true);
    equal(await s.createStrand(STRAND, entry(1, 3)), false);
    deepEqual(await s.rosterHead(STRAND), {
      seq: 1,
      hash: genesis.hash,
      epoch: 0,
      wpk: genesis.wpk,
    });
    deepEqual(await s.listRoster(STRAND, 0, ALL), [{ seq: 1, bytes: genesis.bytes }]);
    equal(await s.rosterHead(OTHER), null);
  });

  test("roster appends are compare-and-swap on (seq, prev)", async (s) => {
    await s.createStrand(STRAND, entry(1));
    deepEqual(await s.appendRoster(STRAND, entry(1).hash, entry(2)), { kind: "stored", seq: 2 });
    const stale = await s.appendRoster(STRAND, entry(1).hash, entry(3));
    equal(stale.kind, "conflict");
    if (stale.kind === "conflict") equal(stale.head.seq, 2);
    equal((await s.appendRoster(STRAND, entry(2).hash, entry(4))).kind, "conflict");
    deepEqual(await s.appendRoster(STRAND, entry(2).hash, entry(3)), { kind: "stored", seq: 3 });
    deepEqual(await s.appendRoster(OTHER, entry(1).hash, entry(2)), { kind: "no_strand" });
    deepEqual((await s.listRoster(STRAND, 1, ALL)).map((item) => item.seq), [2, 3]);
    deepEqual((await s.listRoster(STRAND, 0, { maxCount: 2, maxBytes: 1 << 20 })).length, 2);
  });

  test("concurrent roster appends at one head: exactly one wins", async (s) => {
    await s.createStrand(STRAND, entry(1));
    const rivals = [0, 1, 2, 3].map((epoch) => entry(2, epoch));
    const results = await Promise.all(rivals.map((e) => s.appendRoster(STRAND, entry(1).hash, e)));
    equal(results.filter((r) => r.kind === "stored").length, 1);
    equal(results.filter((r) => r.kind === "conflict").length, 3);
    const winner = rivals[results.findIndex((r) => r.kind === "stored")]!;
    deepEqual(await s.listRoster(STRAND, 1, ALL), [{ seq: 2, bytes: winner.bytes }]);
  });

  test("a roster append that opens an epoch moves the head's epoch and write key", async (s) => {
    await s.createStrand(STRAND, entry(1));
    await s.appendRoster(STRAND, entry(1).hash, entry(2, 1));
    const head = await s.rosterHead(STRAND);
    equal(head?.epoch, 1);
    deepEqual(head?.wpk, entry(2, 1).wpk);
    deepEqual(await s.appendDelta(STRAND, delta(1, 0), UNLIMITED), {
      kind: "stale_epoch",
      epoch: 1,
    });
    deepEqual(await s.appendDelta(STRAND, delta(1, 1), UNLIMITED), { kind: "stored", seq: 1 });
  });

  test("deltas get sequences from 1; a known delta id returns its sequence", async (s) => {
    deepEqual(await s.appendDelta(STRAND, delta(1), UNLIMITED), { kind: "no_strand" });
    await s.createStrand(STRAND, entry(1));
    for (let n = 1; n <= 5; n++) {
      deepEqual(await s.appendDelta(STRAND, delta(n), UNLIMITED), { kind: "stored", seq: n });
    }
    deepEqual(await s.appendDelta(STRAND, delta(3), UNLIMITED), { kind: "duplicate", seq: 3 });
    equal(await s.findDelta(STRAND, delta(4).deltaId), 4);
    equal(await s.findDelta(STRAND, hex(1)), null);
    equal(await s.bytesUsed(STRAND), 5 * 300);
    const listed = await s.listDeltas(STRAND, 2, ALL);
    deepEqual(listed, [3, 4, 5].map((n) => ({ seq: n, bytes: delta(n).bytes })));
    deepEqual(await s.listDeltas(STRAND, 5, ALL), []);
  });

  test("listing stops at the count and byte caps but always returns one item", async (s) => {
    await s.createStrand(STRAND, entry(1));
    for (let n = 1; n <= 6; n++) await s.appendDelta(STRAND, delta(n), UNLIMITED);
    deepEqual(
      (await s.listDeltas(STRAND, 0, { maxCount: 4, maxBytes: 1 << 20 })).map((i) => i.seq),
      [1, 2, 3, 4],
    );
    deepEqual(
      (await s.listDeltas(STRAND, 1, { maxCount: 100, maxBytes: 650 })).map((i) => i.seq),
      [2, 3],
    );
    deepEqual((await s.listDeltas(STRAND, 0, { maxCount: 100, maxBytes: 1 })).length, 1);
  });

  test("the byte quota refuses a delta that would pass it, and counts stored bytes only", async (s) => {
    await s.createStrand(STRAND, entry(1));
    equal((await s.appendDelta(STRAND, delta(1), 700)).kind, "stored");
    equal((await s.appendDelta(STRAND, delta(2), 700)).kind, "stored");
    deepEqual(await s.appendDelta(STRAND, delta(3), 700), { kind: "quota", used: 600 });
    deepEqual(await s.appendDelta(STRAND, delta(2), 700), { kind: "duplicate", seq: 2 });
    equal(await s.bytesUsed(STRAND), 600);
    deepEqual(await s.appendDelta(STRAND, delta(3), 900), { kind: "stored", seq: 3 });
  });

  test("strands are apart: the same delta id is stored once in each", async (s) => {
    await s.createStrand(STRAND, entry(1));
    await s.createStrand(OTHER, entry(1, 2));
    deepEqual(await s.appendDelta(STRAND, delta(1), UNLIMITED), { kind: "stored", seq: 1 });
    deepEqual(await s.appendDelta(STRAND, delta(2), UNLIMITED), { kind: "stored", seq: 2 });
    deepEqual(await s.appendDelta(OTHER, delta(2, 2), UNLIMITED), { kind: "stored", seq: 1 });
    deepEqual((await s.listDeltas(OTHER, 0, ALL)).map((i) => i.seq), [1]);
    equal(await s.bytesUsed(OTHER), 300);
  });

  test("a 1 MiB delta and a large roster entry come back byte for byte", async (s) => {
    const big = { ...delta(9, 0, 1 << 20) };
    const genesis = entry(1, 0, 200_000);
    await s.createStrand(STRAND, genesis);
    await s.appendDelta(STRAND, delta(1), UNLIMITED);
    deepEqual(await s.appendDelta(STRAND, big, UNLIMITED), { kind: "stored", seq: 2 });
    deepEqual(await s.appendDelta(STRAND, big, UNLIMITED), { kind: "duplicate", seq: 2 });
    const [first, second] = await s.listDeltas(STRAND, 0, ALL);
    deepEqual(first?.bytes, delta(1).bytes);
    ok(second && second.bytes.length === big.bytes.length);
    deepEqual(second.bytes, big.bytes);
    deepEqual((await s.listRoster(STRAND, 0, ALL))[0]?.bytes, genesis.bytes);
  });

  test("concurrent appends get distinct sequences with no gap, duplicates none", async (s) => {
    await s.createStrand(STRAND, entry(1));
    const work = Array.from(
      { length: 24 },
      (_, i) => s.appendDelta(STRAND, delta(i % 12), UNLIMITED),
    );
    const results = await Promise.all(work);
    const stored = results.filter((r) => r.kind === "stored").map((r) =>
      r.kind === "stored" ? r.seq : 0
    );
    deepEqual(stored.sort((a, b) => a - b), Array.from({ length: 12 }, (_, i) => i + 1));
    equal(results.filter((r) => r.kind === "duplicate").length, 12);
    equal((await s.listDeltas(STRAND, 0, ALL)).length, 12);
  });

  test("bytes that are views into a larger buffer are stored as their own bytes", async (s) => {
    const big = bytes(300_000, 5);
    const view = (from: number, length: number) => big.subarray(from, from + length);
    await s.createStrand(STRAND, { ...entry(1), wpk: view(10, 32), bytes: view(100, 200) });
    deepEqual((await s.rosterHead(STRAND))?.wpk, big.slice(10, 42));
    await s.appendRoster(STRAND, entry(1).hash, {
      ...entry(2),
      wpk: view(50, 32),
      bytes: view(9, 70),
    });
    deepEqual(await s.appendDelta(STRAND, { ...delta(1), bytes: view(1000, 500) }, UNLIMITED), {
      kind: "stored",
      seq: 1,
    });
    await s.putRendezvous("view-blob", "hello", view(7, 100), Number.MAX_SAFE_INTEGER);
    deepEqual((await s.listDeltas(STRAND, 0, ALL))[0]?.bytes, big.slice(1000, 1500));
    deepEqual((await s.listRoster(STRAND, 1, ALL))[0]?.bytes, big.slice(9, 79));
    deepEqual(await s.getRendezvous("view-blob", "hello", 0), big.slice(7, 107));
  });

  test("rendezvous blobs are replaced, expire at their time and are swept", async (s) => {
    const t0 = 1_700_000_000_000;
    await s.putRendezvous("abc", "hello", bytes(10, 1), t0 + 600_000);
    deepEqual(await s.getRendezvous("abc", "hello", t0), bytes(10, 1));
    equal(await s.getRendezvous("abc", "welcome", t0), null);
    await s.putRendezvous("abc", "hello", bytes(12, 2), t0 + 700_000);
    deepEqual(await s.getRendezvous("abc", "hello", t0 + 650_000), bytes(12, 2));
    equal(await s.getRendezvous("abc", "hello", t0 + 700_000), null);
    await s.putRendezvous("xyz", "welcome", bytes(64 * 1024, 3), t0 + 800_000);
    equal(await s.expireRendezvous(t0 + 750_000), 1);
    deepEqual(await s.getRendezvous("xyz", "welcome", t0 + 750_000), bytes(64 * 1024, 3));
  });

  test("what was acknowledged is there after reopening", async (_s, fixture) => {
    const s = fixture.storage;
    await s.createStrand(STRAND, entry(1));
    await s.appendRoster(STRAND, entry(1).hash, entry(2));
    await s.appendDelta(STRAND, delta(1), UNLIMITED);
    const again = await fixture.reopen();
    equal((await again.rosterHead(STRAND))?.seq, 2);
    deepEqual(await again.listDeltas(STRAND, 0, ALL), [{ seq: 1, bytes: delta(1).bytes }]);
    deepEqual(await again.appendDelta(STRAND, delta(2), UNLIMITED), { kind: "stored", seq: 2 });
  });
}
