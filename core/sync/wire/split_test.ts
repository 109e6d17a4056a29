import { equal, ok, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import type { Op } from "../../ops/kinds.ts";
import { DEVICE_ID, DEVICE_SECRET, KEYS_0, sampleBody, STRAND } from "./_testing.ts";
import { sealDelta } from "./delta.ts";
import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";
import { splitOps } from "./split.ts";
import { opFromWire } from "./wire_ops.ts";

function bigOp(seq: number, size: number): Op {
  const op = opFromWire({
    device: DEVICE_ID,
    hlc: "000000000001000-00000",
    kind: "memory.forget",
    payload: { id: "mem_x_1", parents: [], note: "x".repeat(size) },
    seq,
    v: 1,
  }, "op");
  if (op === null || typeof op === "string") throw new Error(String(op));
  return op;
}

Deno.test("splitOps() groups 3 MiB of ops into envelopes that each seal within 1 MiB, in order", () => {
  const ops = Array.from({ length: 30 }, (_, i) => bigOp(i + 1, 100_000));
  const { author, deps, rosterHead, hlc } = sampleBody(0);
  const groups = splitOps(ops, { author, deps, rosterHead, hlc });
  ok(groups.length >= 3 && groups.length <= 4, `${groups.length} groups`);
  equal(groups.flat().map((op) => op.seq).join(), ops.map((op) => op.seq).join());
  let prev: string | null = null;
  groups.forEach((group, i) => {
    const sealed = sealDelta({
      strandId: STRAND,
      epoch: 0,
      keys: KEYS_0,
      body: sampleBody(0, { ops: group, authorSeq: i + 1, prev }),
      deviceSecretKey: DEVICE_SECRET,
    });
    ok(sealed.bytes.length <= MAX_ENVELOPE_BYTES);
    prev = sealed.changeId;
  });
});

Deno.test("splitOps() refuses one op larger than an envelope with quota_exceeded", () => {
  const { author, deps, rosterHead, hlc } = sampleBody(0);
  throws(
    () => splitOps([bigOp(1, MAX_ENVELOPE_BYTES)], { author, deps, rosterHead, hlc }),
    (e) => isHelixError(e, "quota_exceeded"),
  );
  throws(() =>
    sealDelta({
      strandId: STRAND,
      epoch: 0,
      keys: KEYS_0,
      body: sampleBody(0, { ops: [bigOp(1, MAX_ENVELOPE_BYTES)] }),
      deviceSecretKey: DEVICE_SECRET,
    }), (e) => isHelixError(e, "quota_exceeded"));
});
