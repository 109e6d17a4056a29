/** The `contradict` job through the engine: the sweep, its idempotence and undo. */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  CONTRADICTION_FACTOR,
  CONTRADICTION_FLOOR,
  type ImportMemoryRecord,
  type WriteInput,
} from "../../mod.ts";
import { tempEngine } from "../../../tests/helpers.ts";
import { templateMemories } from "../../../tests/fixtures/template_memories.ts";

Deno.test("the contradiction sweep links what writes could not see, once, and undo removes it", async () => {
  await using t = await tempEngine({ project: "api" });
  // Bulk writes skip consolidation, as imports and merges do.
  const written = await t.engine.writeMany([
    { content: "The api service listens on port 3000.", type: "fact" },
    { content: "We use tabs in the Makefiles.", type: "convention" },
    { content: "The billing job runs nightly.", type: "fact" },
  ]);
  t.clock.advance(1000);
  const later = await t.engine.writeMany([
    { content: "The api service listens on port 4000.", type: "fact" },
    { content: "We don't use tabs in the Makefiles.", type: "convention" },
    { content: "The billing job retries twice.", type: "fact" },
  ]);
  const [port3000, tabs, billing] = written.ids;
  const [port4000, noTabs] = later.ids;
  equal(t.engine.get(port3000!).halfLifeDays, null, "a fact does not decay...");

  const report = await t.engine.sleep({ only: "contradict" });
  const job = report.jobs.find((j) => j.job === "contradict")!;
  equal(job.changed, 2);
  for (const [newer, older] of [[port4000, port3000], [noTabs, tabs]]) {
    const edge = t.engine.edgesOf(newer!).find((e) => e.relation === "contradicts");
    equal(edge?.to, older, "the newer memory contradicts the older one");
    ok(t.engine.get(older!).confidence < 0.9 && t.engine.get(newer!).confidence < 0.9);
  }
  ok(t.engine.get(port3000!).halfLifeDays! > 0, "...until it is contradicted");
  equal(t.engine.edgesOf(billing!).length, 0, "two facts about one job are not a contradiction");
  ok(t.engine.flags().some((f) => f.kind === "contradiction"), "the pair is flagged");

  const hash = t.engine.stateHash();
  equal((await t.engine.sleep({ only: "contradict" })).changed, 0, "a second sweep adds nothing");
  equal(t.engine.stateHash(), hash);
  ok(t.engine.rebuild().identical, "the fold reproduces the decay change");

  t.engine.undoRun(report.run);
  equal(t.engine.edgesOf(port4000!).length, 0);
  equal(t.engine.get(port3000!).halfLifeDays, null, "resolved: it stops decaying again");
  equal(
    (await t.engine.sleep({ only: "contradict" })).changed,
    0,
    "a removed link is a resolution the sweep respects",
  );
});

Deno.test("rules distilled from different episodes are not contradictions of each other", async () => {
  await using t = await tempEngine({ project: "api" });
  const episodes: WriteInput[] = [];
  for (const step of [5, 15]) {
    for (let k = 0; k < 3; k++) {
      episodes.push({
        content: `Had to bump the cache key before step ${step} of the release (session ${k}).`,
        type: "episode",
      });
    }
  }
  await t.engine.writeMany(episodes);
  const report = await t.engine.sleep();
  equal(t.engine.list({ types: ["convention"] }).items.length, 2);
  equal(report.jobs.find((j) => j.job === "contradict")?.changed, 0);
});

Deno.test("on a strand of template memories the sweep links only the true conflicts planted in it", async () => {
  await using t = await tempEngine({ project: "api" });
  const scope = "project:api";
  // 10^3 here (10^4 in bench:statements): many share a frame and differ by an id, a name or a
  // technology word; each subject has one value per attribute.
  const records: ImportMemoryRecord[] = templateMemories(1_000, 3).map((m) => ({
    kind: "memory",
    content: m.content,
    type: "fact",
    scope,
  }));
  const planted = [
    [
      "The kestrel-ingest service listens on port 7001.",
      "The kestrel-ingest service listens on port 7002.",
    ],
    [
      "The ravel-jobs service stores its data in Postgres.",
      "The ravel-jobs service stores its data in MySQL.",
    ],
    ["Morgan owns the quill-search service.", "The quill-search service is owned by Ines."],
  ];
  const ids = planted.map((_, i) => [`mem_planted_${i}a`, `mem_planted_${i}b`] as const);
  planted.forEach(([a, b], i) => {
    records.push({ kind: "memory", id: ids[i]![0], content: a!, type: "fact", scope });
    records.push({ kind: "memory", id: ids[i]![1], content: b!, type: "fact", scope });
  });
  await t.engine.importRecords(records);
  await t.engine.sleep({ only: "contradict" });
  const flags = t.engine.flags({ limit: 500 });
  deepEqual(
    flags.map((f) => [f.older.id, f.newer.id].sort()).sort(),
    ids.map((pair) => [...pair].sort()).sort(),
    flags.map((f) => `${f.newer.content} / ${f.older.content}`).join("\n"),
  );
  deepEqual(flags.map((f) => f.attribute).sort(), ["database", "owner", "port"]);
});

Deno.test("the sweep lowers a memory's confidence once per open conflict, to a floor, and names the values", async () => {
  await using t = await tempEngine({ project: "api" });
  const scope = "project:api";
  const memory = (id: string, content: string, confidence = 0.9, day = 1) => ({
    kind: "memory" as const,
    id,
    content,
    type: "fact" as const,
    scope,
    confidence,
    recordedAt: `2026-01-0${day}T00:00:00.000Z`,
  });
  await t.engine.importRecords([
    memory("mem_port_a", "The gateway listens on port 8080.", 0.9, 1),
    memory("mem_port_b", "The gateway listens on port 8081.", 0.9, 2),
    memory("mem_port_c", "The gateway listens on port 8082.", 0.9, 3),
    memory("mem_port_d", "The gateway listens on port 8083.", 0.9, 4),
    memory("mem_lang_a", "The resizer is written in Go.", 0.33, 1),
    memory("mem_lang_b", "The resizer is written in Rust.", 0.9, 2),
  ]);
  await t.engine.sleep({ only: "contradict" });
  const once = Math.round(0.9 * CONTRADICTION_FACTOR * 1000) / 1000;
  for (const id of ["mem_port_a", "mem_port_b", "mem_port_c", "mem_port_d", "mem_lang_b"]) {
    equal(t.engine.get(id).confidence, once, `${id}: lowered once, not once per pair`);
  }
  equal(t.engine.get("mem_lang_a").confidence, CONTRADICTION_FLOOR, "never below the floor");
  const lang = t.engine.flags().find((f) => f.attribute === "language");
  deepEqual(lang?.values, ["Rust", "Go"], "the newer memory's value first");
  equal(lang?.edge.provenance.ref, 'contradicts language: "Rust" vs "Go"');
  equal(t.engine.flags().filter((f) => f.attribute === "port").length, 6);
  equal((await t.engine.sleep({ only: "contradict" })).changed, 0, "nothing more to do");
});

Deno.test("the sweep compares statements that share no word but the attribute's kind, and names unknown tools", async () => {
  await using t = await tempEngine({ project: "api" });
  const written = await t.engine.writeMany([
    { content: "primary region is eu-west-3", type: "fact" },
    { content: "firmware builds with Konstrukt", type: "fact" },
  ]);
  t.clock.advance(1000);
  const later = await t.engine.writeMany([
    { content: "we run primarily in ap-south-2", type: "fact" },
    { content: "firmware is built with BuildFox", type: "fact" },
  ]);
  await t.engine.sleep({ only: "contradict" });
  for (const [newer, older] of [[later.ids[0], written.ids[0]], [later.ids[1], written.ids[1]]]) {
    const edge = t.engine.edgesOf(newer!).find((e) => e.relation === "contradicts");
    equal(edge?.to, older);
  }
});
