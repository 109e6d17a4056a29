import { deepEqual, equal, ok, throws } from "node:assert/strict";
import type { FileProbe } from "../ports.ts";
import {
  checkAnchors,
  findingsById,
  freshPatch,
  STALE_CONFIDENCE_FACTOR,
  type StaleFinding,
  staleMarks,
  stalePatch,
} from "./staleness.ts";

const HASH_A = "a".repeat(64);
const HASH_B = "b".repeat(64);
const HASH_C = "c".repeat(64);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** An in-memory project: path → current hash; edit it between checks. */
function fakeProject(files: Record<string, string>) {
  const current = new Map(Object.entries(files));
  const reads: string[] = [];
  const probe: FileProbe = {
    root: "/repo",
    hash(path) {
      reads.push(path);
      return Promise.resolve(current.get(path) ?? null);
    },
    commit: () => Promise.resolve(null),
  };
  return { probe, files: current, reads };
}

function anchored(id: string, anchors: unknown, confidence = 1) {
  return { id, confidence, attributes: { kind: "note", anchors } as Record<string, unknown> };
}

Deno.test("checkAnchors() reports changed and vanished files, not unchanged ones", async () => {
  const { probe } = fakeProject({ "src/a.ts": HASH_A, "src/b.ts": HASH_C });
  const memories = [
    anchored("mem_same", [{ path: "src/a.ts", sha256: HASH_A }]),
    anchored("mem_changed", [{ path: "src/b.ts", sha256: HASH_B, commit: "abc1234" }]),
    anchored("mem_vanished", [{ path: "gone.sh", sha256: HASH_A }]),
    anchored("mem_both", [{ path: "src/a.ts", sha256: HASH_A }, { path: "x.py", sha256: HASH_B }]),
  ];
  deepEqual(await checkAnchors(memories, probe), [
    { id: "mem_changed", path: "src/b.ts", reason: "changed", was: HASH_B, now: HASH_C },
    { id: "mem_vanished", path: "gone.sh", reason: "vanished", was: HASH_A, now: null },
    { id: "mem_both", path: "x.py", reason: "vanished", was: HASH_B, now: null },
  ]);
});

Deno.test("checkAnchors() ignores memories without anchors and malformed anchors", async () => {
  const { probe, reads } = fakeProject({ "a.ts": HASH_B });
  const memories = [
    { id: "mem_plain", attributes: {} },
    anchored("mem_string", "a.ts"),
    anchored("mem_bad", [{ path: "/etc/passwd", sha256: HASH_A }, { path: "a.ts", sha256: 1 }]),
    anchored("mem_absent_when_written", [{ path: "a.ts", sha256: null }]),
  ];
  deepEqual(await checkAnchors(memories, probe), []);
  deepEqual(reads, []);
});

Deno.test("checkAnchors() reads a file cited by many memories once", async () => {
  const { probe, reads } = fakeProject({ "deno.json": HASH_B });
  const memories = ["m1", "m2", "m3"].map((id) =>
    anchored(id, [{ path: "deno.json", sha256: HASH_A }])
  );
  const findings = await checkAnchors(memories, probe);
  deepEqual(findings.map((f) => f.id), ["m1", "m2", "m3"]);
  deepEqual(reads, ["deno.json"]);
});

Deno.test("stalePatch() lowers confidence and marks the files", () => {
  const memory = anchored("m", [{ path: "a.ts", sha256: HASH_A }], 0.9);
  const findings: StaleFinding[] = [
    { id: "m", path: "a.ts", reason: "changed", was: HASH_A, now: HASH_B },
  ];
  const patch = stalePatch(memory, findings, T0);
  ok(patch);
  equal(patch.confidence, 0.9 * STALE_CONFIDENCE_FACTOR);
  deepEqual(patch.attributes, {
    kind: "note",
    anchors: memory.attributes.anchors,
    stale: [{ path: "a.ts", reason: "changed", at: "2026-01-01T00:00:00.000Z", hash: HASH_B }],
  });
  equal("stale" in memory.attributes, false, "the input is not mutated");
});

Deno.test("stalePatch() lowers once per change for several files at once", () => {
  const memory = anchored("m", [], 1);
  const findings: StaleFinding[] = [
    { id: "m", path: "a.ts", reason: "changed", was: HASH_A, now: HASH_B },
    { id: "m", path: "b.ts", reason: "vanished", was: HASH_A, now: null },
  ];
  const patch = stalePatch(memory, findings, T0)!;
  equal(patch.confidence, STALE_CONFIDENCE_FACTOR);
  deepEqual(staleMarks(patch.attributes).map((m) => m.path), ["a.ts", "b.ts"]);
});

Deno.test("stalePatch() is idempotent for the same path and hash", async (t) => {
  const findings: StaleFinding[] = [
    { id: "m", path: "a.ts", reason: "changed", was: HASH_A, now: HASH_B },
    { id: "m", path: "b.ts", reason: "vanished", was: HASH_A, now: null },
  ];
  const first = stalePatch(anchored("m", [], 1), findings, T0)!;
  const after = { confidence: first.confidence, attributes: first.attributes };

  await t.step("the same findings later change nothing", () => {
    equal(stalePatch(after, findings, T0 + DAY), null);
  });
  await t.step("after a JSON round trip (sorted keys) as well", () => {
    const stored = JSON.parse(JSON.stringify({
      ...after,
      attributes: {
        ...after.attributes,
        stale: staleMarks(after.attributes).map((m) => ({
          reason: m.reason,
          hash: m.hash,
          at: m.at,
          path: m.path,
        })),
      },
    }));
    equal(stalePatch(stored, [...findings].reverse(), T0 + DAY), null);
  });
  await t.step("a file that changes again is a new change", () => {
    const again: StaleFinding[] = [{ ...findings[0]!, now: HASH_C }, findings[1]!];
    const patch = stalePatch(after, again, T0 + DAY)!;
    ok(Math.abs(patch.confidence - STALE_CONFIDENCE_FACTOR ** 2) < 1e-12);
    deepEqual(staleMarks(patch.attributes), [
      { path: "a.ts", reason: "changed", at: "2026-01-02T00:00:00.000Z", hash: HASH_C },
      { path: "b.ts", reason: "vanished", at: "2026-01-01T00:00:00.000Z", hash: null },
    ]);
  });
  await t.step("a file that changes then vanishes is a new change", () => {
    const gone: StaleFinding[] = [{ ...findings[0]!, reason: "vanished", now: null }, findings[1]!];
    equal(stalePatch(after, gone, T0 + DAY)!.confidence, first.confidence * 0.7);
  });
  await t.step("a file that matches again drops its mark, confidence kept", () => {
    const patch = stalePatch(after, [findings[1]!], T0 + DAY)!;
    equal(patch.confidence, first.confidence);
    deepEqual(staleMarks(patch.attributes).map((m) => m.path), ["b.ts"]);
  });
});

Deno.test("stalePatch() returns null without findings and rejects a bad confidence", () => {
  equal(stalePatch(anchored("m", [], 1), [], T0), null);
  const f: StaleFinding = { id: "m", path: "a.ts", reason: "vanished", was: HASH_A, now: null };
  throws(() => stalePatch(anchored("m", [], Number.NaN), [f], T0), RangeError);
});

Deno.test("stalePatch() repairs a malformed stale attribute", () => {
  const f: StaleFinding = { id: "m", path: "a.ts", reason: "vanished", was: HASH_A, now: null };
  const memory = { confidence: 0.5, attributes: { stale: "yes" } };
  const patch = stalePatch(memory, [f], T0)!;
  equal(patch.confidence, 0.5 * STALE_CONFIDENCE_FACTOR);
  deepEqual(staleMarks(patch.attributes).length, 1);
});

Deno.test("freshPatch() clears the mark when files match again, not the confidence", () => {
  const f: StaleFinding = { id: "m", path: "a.ts", reason: "vanished", was: HASH_A, now: null };
  const stale = stalePatch(anchored("m", [{ path: "a.ts", sha256: HASH_A }], 1), [f], T0)!;
  equal(freshPatch(stale, [f]), null, "still stale");
  deepEqual(freshPatch(stale, []), {
    attributes: { kind: "note", anchors: [{ path: "a.ts", sha256: HASH_A }] },
  });
  equal("confidence" in freshPatch(stale, [])!, false);
  equal(freshPatch(anchored("m", []), []), null, "nothing to clear");
});

Deno.test("check, mark, re-check and restore: the whole cycle", async () => {
  const { probe, files } = fakeProject({ "src/retry.ts": HASH_A });
  let memory = anchored("mem_retry", [{ path: "src/retry.ts", sha256: HASH_A }], 0.8);
  const run = async (now: number) => {
    const findings = findingsById(await checkAnchors([memory], probe)).get(memory.id) ?? [];
    const patch = stalePatch(memory, findings, now) ?? freshPatch(memory, findings);
    if (patch) memory = { ...memory, ...patch };
    return patch;
  };
  equal(await run(T0), null, "unchanged file");
  files.set("src/retry.ts", HASH_B);
  ok(await run(T0 + DAY));
  ok(Math.abs(memory.confidence - 0.56) < 1e-12);
  equal(await run(T0 + 2 * DAY), null, "idempotent");
  files.delete("src/retry.ts");
  ok(await run(T0 + 3 * DAY));
  equal(staleMarks(memory.attributes)[0]?.reason, "vanished");
  files.set("src/retry.ts", HASH_A);
  ok(await run(T0 + 4 * DAY));
  equal("stale" in memory.attributes, false);
  ok(Math.abs(memory.confidence - 0.8 * 0.7 * 0.7) < 1e-12, "confidence is not restored");
});

Deno.test("findingsById() groups findings per memory", () => {
  const f = (id: string, path: string): StaleFinding => ({
    id,
    path,
    reason: "vanished",
    was: HASH_A,
    now: null,
  });
  const grouped = findingsById([f("m1", "a"), f("m2", "b"), f("m1", "c")]);
  deepEqual(grouped.get("m1")?.map((x) => x.path), ["a", "c"]);
  deepEqual(grouped.get("m2")?.map((x) => x.path), ["b"]);
});
