import { deepEqual, equal, match, ok } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import type { Engine, Inspection } from "../mod.ts";
import { tempEngine, wordHashEmbedder } from "../../tests/helpers.ts";
import { sha256Hex } from "../util/hash.ts";

async function seed(engine: Engine, advance: (ms: number) => void): Promise<string[]> {
  const a = await engine.write({ content: "Alpha uses Redis for rate limits.", tags: ["redis"] });
  advance(1000);
  const b = await engine.write({ content: "Beta caches sessions in Redis.", type: "decision" });
  const c = await engine.write({ content: "Gamma is deprecated." });
  await engine.patch(a.id, { importance: 8 });
  engine.relate({ from: a.id, to: b.id, relation: "related_to" });
  await engine.forget({ id: c.id });
  const d = await engine.write({ content: "Delta is gone for good." });
  engine.purge([d.id]);
  return [a.id, b.id, c.id];
}

const check = (inspection: Inspection, name: string) =>
  inspection.checks.find((c) => c.name === name)!;

Deno.test("inspect() passes a healthy strand and reports its facts", async () => {
  await using t = await tempEngine({ project: "p", embedder: wordHashEmbedder() });
  await seed(t.engine, t.clock.advance);
  const inspection = await t.engine.inspect();
  ok(inspection.ok);
  deepEqual(inspection.checks.map((c) => [c.name, c.ok]), [
    ["schema", true],
    ["sqlite", true],
    ["fts", true],
    ["log", true],
    ["refold", true],
    ["vectors", true],
    ["transfers", true],
  ]);
  equal(inspection.memories, 3);
  equal(inspection.ops, t.engine.stats().ops);
  equal(inspection.lastOpAt, new Date(t.clock.now()).toISOString());
  deepEqual(inspection.embedding, { model: "helix-test/word-hash", dimension: 32 });
  ok(inspection.fileBytes! > 0);
  deepEqual(inspection.quickCheck, ["ok"]);
  equal(inspection.refold.live, t.engine.stateHash());
  equal(inspection.refold.refolded, inspection.refold.live);
});

Deno.test("inspect() treats missing vectors as a warning, not a failure", async () => {
  await using t = await tempEngine();
  await t.engine.write({ content: "Stored without a model." });
  const inspection = await t.engine.inspect();
  ok(inspection.ok);
  deepEqual(inspection.vectors, { missing: 1, stale: 0 });
  const vectors = check(inspection, "vectors");
  equal(vectors.ok, false);
  equal(vectors.severity, "warning");
  match(vectors.detail, /1 memories without a vector/);
});

Deno.test("inspect() leaves the strand file byte-identical", async () => {
  await using t = await tempEngine({ embedder: wordHashEmbedder() });
  await seed(t.engine, t.clock.advance);
  t.engine.close();
  const before = sha256Hex(Deno.readFileSync(t.path));
  await using again = await tempEngine({ path: t.path, embedder: wordHashEmbedder() });
  ok((await again.engine.inspect()).ok);
  again.engine.close();
  equal(sha256Hex(Deno.readFileSync(t.path)), before);
});

Deno.test("inspect() names tables edited behind the log's back (refold check)", async () => {
  await using t = await tempEngine();
  const [a] = await seed(t.engine, t.clock.advance);
  const db = new DatabaseSync(t.path);
  db.prepare("UPDATE memories SET content = 'Alpha uses Memcached.' WHERE id = ?").run(a!);
  db.close();
  const inspection = await t.engine.inspect();
  equal(inspection.ok, false);
  deepEqual(inspection.checks.filter((c) => !c.ok && c.severity === "error").map((c) => c.name), [
    "refold",
  ]);
  equal(inspection.refold.identical, false);
  match(check(inspection, "refold").detail, /tables differ from their log/);
  equal(inspection.refold.live, t.engine.stateHash());
});

Deno.test("inspect() names an edited op (log check) and a full-text index out of step (fts check)", async () => {
  await using t = await tempEngine();
  const [a, b] = await seed(t.engine, t.clock.advance);
  const [put] = t.engine.history({ id: b!, kinds: ["memory.put"] });
  const db = new DatabaseSync(t.path);
  db.prepare("UPDATE ops SET payload = replace(payload, 'Beta', 'Bravo') WHERE change_id = ?")
    .run(put!.changeId);
  db.prepare(
    `INSERT INTO memories_fts (memories_fts, rowid, content, tags, fts_key)
     SELECT 'delete', rid, content, tags, fts_key FROM memories WHERE id = ?`,
  ).run(a!);
  db.close();
  const inspection = await t.engine.inspect();
  equal(inspection.ok, false);
  deepEqual(inspection.badOps, [put!.changeId]);
  match(check(inspection, "log").detail, /1 of \d+ ops fail verification/);
  equal(check(inspection, "fts").ok, false);
  ok(inspection.ftsProblem);
  equal(check(inspection, "refold").ok, false, "the edited payload folds to other content");
});
