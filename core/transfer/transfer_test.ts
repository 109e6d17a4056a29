import { deepEqual, equal, match, ok, rejects } from "node:assert/strict";
import type { BulkProgress, Engine, ExportRecord, ImportRecord } from "../mod.ts";
import { isHelixError } from "../mod.ts";
import { tempEngine, TODAY, wordHashEmbedder } from "../../tests/helpers.ts";

const DAY = 86_400_000;

/** A strand with every field, status and kind of edge an export has to carry. */
async function seed(engine: Engine, advance: (ms: number) => void) {
  const a = await engine.write({
    content: "Billing stores money as integer cents.",
    type: "convention",
    scope: "project:billing",
    tags: ["money", "db"],
    importance: 8,
    confidence: 0.95,
    attributes: { column: "amount_cents", examples: [1, 2] },
    source: { origin: "user-asserted", agent: "claude-code", ref: "session:42", model: "m-1" },
  });
  advance(1000);
  const b = await engine.write({
    content: "The Q3 launch is planned for next April.",
    type: "episode",
    scope: "global",
    eventAt: "2027-04-01",
    eventEnd: "2027-04-30",
    eventPhrase: "next April",
    validFrom: TODAY - 10 * DAY,
    validTo: TODAY + 100 * DAY,
  });
  const c = await engine.write({ content: "Payments use Stripe v1.", scope: "project:billing" });
  advance(1000);
  const d = await engine.write({
    content: "Payments moved to Stripe v2.",
    scope: "project:billing",
    supersedes: [c.id],
  });
  const e = await engine.write({ content: "Archived note.", scope: "project:web" });
  await engine.patch(e.id, { status: "archived" });
  const q = await engine.write({ content: "Unverified claim.", status: "quarantined" });
  const f = await engine.write({ content: "Forgotten note." });
  await engine.forget({ id: f.id });
  engine.relate({ from: a.id, to: d.id, relation: "related_to", weight: 0.4 });
  const gone = engine.relate({ from: b.id, to: a.id, relation: "mentions" });
  engine.unrelate(gone.id);
  engine.relate({ from: e.id, to: a.id, relation: "depends_on" });
  return { a, b, c, d, e, q, f };
}

Deno.test("exportRecords() then importRecords() into an empty strand reproduces memories and edges", async () => {
  await using source = await tempEngine({ project: "billing" });
  const s = await seed(source.engine, source.clock.advance);
  const records = [...source.engine.exportRecords()];
  deepEqual(
    records.filter((r) => r.kind === "memory").map((r) => r.id).sort(),
    [s.a.id, s.b.id, s.c.id, s.d.id, s.e.id, s.q.id].sort(),
    "every status but forgotten",
  );
  equal(records.filter((r) => r.kind === "edge").length, 3, "active edges only");

  await using target = await tempEngine({ project: "elsewhere" });
  target.clock.advance(30 * DAY);
  const result = await target.engine.importRecords(records);
  equal(result.memories, 6);
  equal(result.edges, 3);
  deepEqual(result.skipped, []);
  deepEqual(
    result.ids,
    records.filter((r) => r.kind === "memory").map((r) => r.id),
    "ids kept",
  );
  deepEqual([...target.engine.exportRecords()], records);

  const pick = (engine: Engine, id: string) => {
    const m = engine.get(id);
    const p = m.provenance[0]!;
    return {
      ...m,
      provenance: [p.origin, p.agent, p.ref, p.extractor, p.model],
      updatedAt: undefined,
      lastAccessAt: undefined,
    };
  };
  for (const { id } of [s.a, s.b, s.c, s.d, s.e, s.q]) {
    deepEqual(pick(target.engine, id), pick(source.engine, id), id);
  }
  deepEqual(
    target.engine.edgesOf(s.a.id).map((e) => [e.from, e.relation, e.to, e.weight]),
    [
      [s.a.id, "related_to", s.d.id, 0.4],
      [s.e.id, "depends_on", s.a.id, 1],
    ].sort((x, y) => (x[1]! < y[1]! ? -1 : 1)),
  );
  deepEqual(target.engine.verifyLog(), []);
  ok(target.engine.rebuild().identical);

  // Importing the same export again finds every memory and edge with the same values.
  const state = target.engine.stateHash();
  const again = await target.engine.importRecords(records);
  equal(again.memories, 0);
  equal(again.edges, 0);
  equal(again.skipped.length, 6);
  equal(target.engine.stateHash(), state);
});

Deno.test("exportRecords() streams in recorded order and filters by scope and status", async (t) => {
  await using strand = await tempEngine({ project: "p" });
  const { engine, clock } = strand;
  const s = await seed(engine, clock.advance);
  clock.advance(1000);
  const bulk = await engine.writeMany(
    Array.from(
      { length: 1_200 },
      (_, i) => ({ content: `Bulk note ${i}.`, scope: "project:bulk" }),
    ),
  );

  await t.step("every page, recorded time then id", () => {
    const memories = [...engine.exportRecords()].filter((r) => r.kind === "memory");
    equal(memories.length, 6 + 1_200);
    const keys = memories.map((m) => `${m.recordedAt} ${m.id}`);
    deepEqual(keys, [...keys].sort());
    deepEqual(new Set(memories.slice(-1_200).map((m) => m.id)), new Set(bulk.ids));
  });
  await t.step("a named scope is exactly that scope; edges need both ends exported", () => {
    const records = [...engine.exportRecords({ scope: "project:billing" })];
    deepEqual(
      records.filter((r) => r.kind === "memory").map((r) => r.id).sort(),
      [s.a.id, s.c.id, s.d.id].sort(),
    );
    deepEqual(
      records.filter((r) => r.kind === "edge").map((r) => (r as { relation: string }).relation),
      ["related_to", "supersedes"],
      "not depends_on: its other end is in project:web",
    );
  });
  await t.step("statuses", () => {
    const ids = (statuses: Parameters<Engine["exportRecords"]>[0]) =>
      [...engine.exportRecords(statuses)].flatMap((r) => r.kind === "memory" ? [r.id] : []);
    deepEqual(ids({ statuses: ["forgotten"] }), [s.f.id]);
    deepEqual(
      ids({ statuses: ["superseded", "archived"], scope: ["project:billing", "project:web"] })
        .sort(),
      [s.c.id, s.e.id].sort(),
    );
  });
  await t.step("bad options fail when called, not when iterated", () => {
    let threw = false;
    try {
      engine.exportRecords({ scope: "team:x" });
    } catch (error) {
      threw = isHelixError(error, "invalid_input");
    }
    ok(threw);
  });
});

Deno.test("importRecords() is all or nothing: a bad record names its index and changes nothing", async (t) => {
  await using strand = await tempEngine({ project: "p" });
  const { engine } = strand;
  const existing = await engine.write({ content: "Already here." });
  const state = engine.stateHash();
  const ops = engine.stats().ops;
  const good: ImportRecord[] = [
    { kind: "memory", id: "mem_first_note_aaaa", content: "First note." },
    { kind: "memory", content: "Second note." },
    { kind: "edge", from: "mem_first_note_aaaa", to: existing.id, relation: "related_to" },
  ];
  const cases: Array<[string, unknown[], string, number, RegExp]> = [
    [
      "bad field",
      [...good, { kind: "memory", content: "x", importance: 11 }],
      "invalid_input",
      3,
      /records\[3\]\.importance/,
    ],
    [
      "empty content",
      [{ kind: "memory", content: "  " }, ...good],
      "invalid_input",
      0,
      /records\[0\]\.content/,
    ],
    [
      "unknown kind",
      [...good, { kind: "note", content: "x" }],
      "invalid_input",
      3,
      /records\[3\]\.kind/,
    ],
    [
      "malformed id",
      [{ kind: "memory", id: "Mem-1", content: "x" }],
      "invalid_input",
      0,
      /records\[0\]\.id/,
    ],
    [
      "repeated id",
      [...good, { kind: "memory", id: "mem_first_note_aaaa", content: "y" }],
      "invalid_input",
      3,
      /repeats the id of records\[0\]/,
    ],
    [
      "id in the strand",
      [...good, { kind: "memory", id: existing.id, content: "y" }],
      "conflict",
      3,
      /already exists/,
    ],
    [
      "unknown edge end",
      [...good, { kind: "edge", from: existing.id, to: "mem_nowhere_zzzz", relation: "uses" }],
      "not_found",
      3,
      /records\[3\]\.to: no memory has id "mem_nowhere_zzzz"/,
    ],
    [
      "self edge",
      [{ kind: "edge", from: existing.id, to: existing.id, relation: "uses" }],
      "invalid_input",
      0,
      /records\[0\]\.to/,
    ],
    [
      "superseding the unknown",
      [...good, { kind: "memory", content: "z", supersedes: ["mem_nowhere_zzzz"] }],
      "not_found",
      3,
      /records\[3\]: supersede mem_nowhere_zzzz/,
    ],
    [
      "validTo before validFrom",
      [...good, { kind: "memory", content: "z", validFrom: "2026-02-01", validTo: "2026-01-01" }],
      "invalid_input",
      3,
      /records\[3\]\.validTo/,
    ],
  ];
  for (const [name, records, code, index, message] of cases) {
    await t.step(name, async () => {
      await rejects(engine.importRecords(records as ImportRecord[]), (error) => {
        ok(isHelixError(error, code as "invalid_input"), `${name}: ${error}`);
        equal(error.details?.index, index);
        match(error.message, /^Cannot import records: /);
        match(error.message, message);
        return true;
      });
      equal(engine.stateHash(), state);
      equal(engine.stats().ops, ops);
    });
  }
  await t.step("the good records alone import", async () => {
    const result = await engine.importRecords(good);
    equal(result.ids[0], "mem_first_note_aaaa");
    match(result.ids[1]!, /^mem_second_note_/);
    equal(result.edges, 1);
    deepEqual(engine.edgesOf(existing.id).map((e) => e.from), ["mem_first_note_aaaa"]);
  });
});

Deno.test("importRecords() with onExisting skip leaves present memories alone and re-imports idempotently", async () => {
  await using strand = await tempEngine({ project: "p" });
  const { engine } = strand;
  const records: ImportRecord[] = [
    { kind: "memory", id: "mem_one_aaaa", content: "One." },
    { kind: "memory", id: "mem_two_aaaa", content: "Two." },
    { kind: "edge", from: "mem_one_aaaa", to: "mem_two_aaaa", relation: "related_to", weight: 0.5 },
  ];
  await engine.importRecords(records);
  const state = engine.stateHash();
  const again = await engine.importRecords(records, undefined, { onExisting: "skip" });
  deepEqual(again.skipped, ["mem_one_aaaa", "mem_two_aaaa"]);
  deepEqual(again.ids, ["mem_one_aaaa", "mem_two_aaaa"]);
  equal(again.memories, 0);
  equal(again.edges, 0, "an identical active edge is left alone");
  equal(engine.stateHash(), state);
});

Deno.test("importRecords() embeds in batches when a model is available and reports progress", async () => {
  await using strand = await tempEngine({ project: "p", embedder: wordHashEmbedder() });
  const records: ImportRecord[] = Array.from({ length: 150 }, (_, i) => ({
    kind: "memory" as const,
    content: `Imported note number ${i} about caching.`,
  }));
  const progress: BulkProgress[] = [];
  const result = await strand.engine.importRecords(records, (p) => progress.push(p));
  equal(result.embedded, 150);
  equal(strand.engine.stats().missingVectors, 0);
  deepEqual([...new Set(progress.map((p) => p.phase))], ["validate", "embed", "store"]);
  deepEqual(progress.at(-1), { phase: "store", done: 150, total: 150 });
  const exported: ExportRecord[] = [...strand.engine.exportRecords()];
  equal(exported.length, 150);
});

Deno.test("writeMany() names the failing item in details.index", async () => {
  await using strand = await tempEngine();
  await rejects(
    strand.engine.writeMany([{ content: "fine" }, {
      content: "x",
      supersedes: ["mem_nowhere_zz"],
    }]),
    (error) =>
      isHelixError(error, "not_found") && error.details?.index === 1 &&
      /^Cannot write memory #2: supersede mem_nowhere_zz/.test(error.message),
  );
});
