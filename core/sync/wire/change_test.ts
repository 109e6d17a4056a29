import fc from "fast-check";
import { deepEqual, equal, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import { DEVICE_ID, sampleBody, sampleOp } from "./_testing.ts";
import { type ChangeBody, decodeChangeBody, encodeChangeBody } from "./change.ts";
import { opToWire } from "./wire_ops.ts";

const corrupt = (e: unknown) => isHelixError(e, "corrupt");
const text = (value: unknown) => new TextEncoder().encode(canonicalJson(value));
const hex = (n: number) =>
  fc.uint8Array({ minLength: n, maxLength: n }).map((b) =>
    Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")
  );

const bodyArb: fc.Arbitrary<ChangeBody> = fc.record({
  author: hex(16),
  authorSeq: fc.integer({ min: 1, max: 2 ** 40 }),
  prevHash: hex(32),
  deps: fc.uniqueArray(hex(32), { maxLength: 5 }).map((deps) => deps.sort()),
  rosterHead: hex(32),
  hlc: fc.tuple(fc.integer({ min: 0, max: 10 ** 15 - 1 }), fc.integer({ min: 0, max: 99999 }))
    .map(([w, c]) => `${String(w).padStart(15, "0")}-${String(c).padStart(5, "0")}`),
  count: fc.integer({ min: 0, max: 4 }),
  stateHash: fc.option(hex(32), { nil: undefined }),
}).map(({ prevHash, count, stateHash, ...rest }) => {
  const body: ChangeBody = {
    ...rest,
    prev: rest.authorSeq === 1 ? null : prevHash,
    ops: Array.from({ length: count }, (_, i) => sampleOp(i + 1, rest.author)),
  };
  return stateHash === undefined ? body : { ...body, stateHash };
});

Deno.test("decodeChangeBody(encodeChangeBody(x)) = x, and re-encoding reproduces the bytes", () => {
  fc.assert(fc.property(bodyArb, (body) => {
    const bytes = encodeChangeBody(body);
    const decoded = decodeChangeBody(bytes);
    deepEqual(decoded, body);
    deepEqual(encodeChangeBody(decoded), bytes);
  }));
});

Deno.test("decodeChangeBody() keeps live ops' change ids and tombstones' named ids", () => {
  const live = sampleOp(1);
  const tombstone = {
    ...sampleOp(2),
    payload: { purged: "9".repeat(64) },
    changeId: "8".repeat(64),
  };
  const body = decodeChangeBody(
    encodeChangeBody(sampleBody(0, { ops: [live, tombstone as never] })),
  );
  equal(body.ops[0]!.changeId, live.changeId);
  equal(body.ops[1]!.changeId, "8".repeat(64));
});

Deno.test("decodeChangeBody() refuses every non-canonical or invalid body with corrupt", async (t) => {
  const good = JSON.parse(new TextDecoder().decode(encodeChangeBody(sampleBody(1))));
  const op = opToWire(sampleOp(1)) as Record<string, unknown>;
  const cases: Record<string, Uint8Array> = {
    "not UTF-8": Uint8Array.of(0xff, 0xfe),
    "not JSON": new TextEncoder().encode("{"),
    "whitespace": new TextEncoder().encode(JSON.stringify(good, null, 1)),
    "an array": text([]),
    "unknown field": text({ ...good, extra: 1 }),
    "missing field": text({ ...good, hlc: undefined }),
    "prev at seq 1": text({ ...good, prev: "a".repeat(64) }),
    "no prev at seq 2": text({ ...good, authorSeq: 2 }),
    "seq 0": text({ ...good, authorSeq: 0 }),
    "seq 1.5": text({ ...good, authorSeq: 1.5 }),
    "upper-case author": text({ ...good, author: DEVICE_ID.toUpperCase() }),
    "unsorted deps": text({ ...good, deps: ["b".repeat(64), "a".repeat(64)] }),
    "duplicate deps": text({ ...good, deps: ["a".repeat(64), "a".repeat(64)] }),
    "bad clock": text({ ...good, hlc: "1" }),
    "bad state hash": text({ ...good, stateHash: "x" }),
    "ops not a list": text({ ...good, ops: {} }),
    "op version 2": text({ ...good, ops: [{ ...op, v: 2 }] }),
    "op unknown kind": text({ ...good, ops: [{ ...op, kind: "memory.explode" }] }),
    "op unknown field": text({ ...good, ops: [{ ...op, x: 1 }] }),
    "op payload list": text({ ...good, ops: [{ ...op, payload: [] }] }),
    "op seq 0": text({ ...good, ops: [{ ...op, seq: 0 }] }),
    "tombstone without id": text({
      ...good,
      ops: [{ ...op, payload: { purged: "a".repeat(64) } }],
    }),
    "id without tombstone": text({ ...good, ops: [{ ...op, change_id: "a".repeat(64) }] }),
  };
  for (const [name, bytes] of Object.entries(cases)) {
    await t.step(name, () => {
      throws(() => decodeChangeBody(bytes), corrupt);
    });
  }
});

Deno.test("encodeChangeBody() refuses a body a reader would refuse (a caller's bug)", () => {
  throws(() => encodeChangeBody(sampleBody(0, { prev: "a".repeat(64) })), TypeError);
  throws(
    () => encodeChangeBody(sampleBody(0, { deps: ["b".repeat(64), "a".repeat(64)] })),
    TypeError,
  );
});
