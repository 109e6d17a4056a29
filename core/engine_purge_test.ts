/**
 * purge(): hard deletion through one `memory.purge` op. The memory leaves every table, index
 * and op payload; what stays is the log's shape (tombstones keep change id, clock, device,
 * sequence and kind), so refolds, verification and history still work.
 */
import { deepEqual, equal, match, ok, throws } from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { isHelixError } from "./mod.ts";
import { tempEngine } from "../tests/helpers.ts";
import { syntheticEmbedder } from "../bench/synthetic.ts";

const SECRET = "the vault combination is quokka-zanzibar-7731";

Deno.test("purge() removes the memory, its edges and provenance everywhere and keeps the rest intact", async () => {
  await using t = await tempEngine({ project: "p", embedder: syntheticEmbedder(32) });
  const { engine, clock } = t;
  const secret = await engine.write({ content: `Ops note: ${SECRET}.`, tags: ["vault"] });
  const kept = await engine.write({ content: "Deploys go out on Tuesdays." });
  const other = await engine.write({ content: "Rollbacks use the previous image tag." });
  clock.advance(1000);
  const related = engine.relate({ from: secret.id, to: kept.id, relation: "related_to" });
  engine.relate({ from: kept.id, to: other.id, relation: "depends_on" });
  const removed = engine.relate({ from: other.id, to: secret.id, relation: "mentions" });
  engine.unrelate(removed.id);
  await engine.patch(secret.id, { content: `Ops note (v2): ${SECRET}, rotate monthly.` });
  await engine.search({ query: "vault combination" }); // loads the vector index first
  const keptHistory = engine.history({ id: kept.id }).filter((h) => h.kind.startsWith("memory."));

  const result = engine.purge([secret.id, secret.id]);
  deepEqual(result.purged, [secret.id]);
  equal(result.edgesRemoved, 2, "active and removed edges alike");
  equal(result.opsScrubbed, 5, "put, patch, two edge.put, edge.remove");
  equal(result.walCleared, true);

  throws(() => engine.get(secret.id), (e) => isHelixError(e, "not_found"));
  equal(engine.get(kept.id).content, "Deploys go out on Tuesdays.");
  deepEqual(engine.edgesOf(kept.id).map((e) => e.to), [other.id]);
  deepEqual(engine.edgesOf(other.id).map((e) => e.from), [kept.id]);
  const hits = await engine.search({ query: "vault combination quokka zanzibar", limit: 10 });
  ok(hits.hits.every((h) => h.memory.id !== secret.id), "no channel finds it");
  equal(engine.stats().vectors, 2);
  deepEqual(
    engine.history({ id: kept.id }).filter((h) => h.kind.startsWith("memory.")),
    keptHistory,
    "the kept memory's own ops are untouched",
  );

  const db = new DatabaseSync(t.path, { readOnly: true });
  try {
    for (
      const [table, column] of [
        ["memories", "id"],
        ["provenance", "subject"],
        ["edges", "from_id"],
        ["edges", "to_id"],
      ]
    ) {
      equal(
        (db.prepare(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ?`).get(secret.id) as {
          n: number;
        }).n,
        0,
        `${table}.${column}`,
      );
    }
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    equal(count("SELECT count(*) AS n FROM memory_tokens WHERE token LIKE '%quokka%'"), 0);
    equal(count("SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH 'quokka'"), 0);
    equal(count("SELECT count(*) AS n FROM vector_state"), 2);
    equal(count("SELECT count(*) AS n FROM ops WHERE payload LIKE '%quokka%'"), 0);
    // The id is a slug of the first words (`mem_ops_note_vault_combination_…`): no op names it,
    // not even the purge, and no ref names it or an edge that touched it.
    equal(count("SELECT count(*) AS n FROM ops WHERE payload LIKE '%vault%'"), 0);
    for (const ref of [secret.id, related.id, removed.id]) {
      equal(
        (db.prepare("SELECT count(*) AS n FROM op_refs WHERE ref = ?").get(ref) as { n: number })
          .n,
        0,
        ref,
      );
    }
    equal(count("SELECT count(*) AS n FROM op_refs WHERE ref LIKE '%vault%'"), 0);
  } finally {
    db.close();
  }
});

Deno.test("purge() tombstones earlier ops: history shows them as purged, verifyLog and rebuild accept them", async () => {
  await using t = await tempEngine({ project: "p" });
  const { engine, clock } = t;
  const secret = await engine.write({ content: `Ops note: ${SECRET}.` });
  clock.advance(10);
  const kept = await engine.write({ content: "Deploys go out on Tuesdays." });
  engine.relate({ from: kept.id, to: secret.id, relation: "mentions" });
  await engine.forget({ id: secret.id });
  const before = engine.history({ id: secret.id });
  const opsBefore = engine.stats().ops;

  engine.purge([secret.id]);
  deepEqual(engine.history({ id: secret.id }), [], "the id is gone from the log");
  const [purge] = engine.history({ kinds: ["memory.purge"] });
  equal(purge!.summary, "purged 1 memory");
  match(purge!.subject, /^purged:[0-9a-f]{64}$/);
  equal(purge!.subject, `purged:${before.at(-1)!.changeId}`, "named by its memory.put");
  const after = engine.history({ id: purge!.subject });
  equal(after.length, before.length + 1);
  deepEqual(after[0], purge);
  const rest = after.slice(1);
  deepEqual(
    rest.map((h) => [h.changeId, h.hlc, h.deviceId, h.seq, h.kind]),
    before.map((h) => [h.changeId, h.hlc, h.deviceId, h.seq, h.kind]),
    "id, clock, device, sequence and kind survive",
  );
  for (const entry of rest) {
    deepEqual(entry.payload, { purged: purge!.changeId });
    equal(entry.subject, purge!.subject);
    match(entry.summary, /^purged memory\.|^purged edge\./);
  }
  const everything = JSON.stringify(engine.history({ limit: 10_000 }));
  ok(!everything.includes(secret.id) && !everything.includes("quokka"), everything);
  equal(
    engine.history({ id: kept.id }).filter((h) => h.kind === "edge.put")[0]?.subject,
    purge!.subject,
    "the kept end still finds the tombstoned edge, which names the purged end opaquely",
  );
  equal(engine.stats().ops, opsBefore + 1);
  deepEqual(engine.verifyLog(), []);
  const state = engine.stateHash();
  const rebuilt = engine.rebuild();
  ok(rebuilt.identical, "tombstones fold to nothing; the purge of absent memories too");
  equal(engine.stateHash(), state);
  equal(engine.get(kept.id).status, "active");
  deepEqual(engine.edgesOf(kept.id), []);
});

Deno.test("purge() of an unknown or already purged id is not_found and changes nothing", async () => {
  await using t = await tempEngine();
  const { engine } = t;
  const a = await engine.write({ content: "Alpha note." });
  const b = await engine.write({ content: "Beta note." });
  const state = engine.stateHash();
  const ops = engine.stats().ops;
  throws(
    () => engine.purge([a.id, "mem_no_such_thing_abcd"]),
    (e) =>
      isHelixError(e, "not_found") && /no memory has id "mem_no_such_thing_abcd"/.test(e.message),
  );
  throws(() => engine.purge([]), (e) => isHelixError(e, "invalid_input"));
  throws(() => engine.purge(["not an id"]), (e) => isHelixError(e, "invalid_input"));
  equal(engine.stateHash(), state);
  equal(engine.stats().ops, ops);
  equal(engine.get(a.id).id, a.id);

  engine.purge([b.id]);
  const purgedState = engine.stateHash();
  throws(() => engine.purge([b.id]), (e) => isHelixError(e, "not_found"));
  equal(engine.stateHash(), purgedState);
  equal(engine.stats().ops, ops + 1);
});

Deno.test("purge() of the newer memory of a supersession leaves the older one superseded, also after rebuild", async () => {
  await using t = await tempEngine();
  const { engine, clock } = t;
  const old = await engine.write({ content: "Payments use Stripe v1." });
  clock.advance(1000);
  const replacement = await engine.write({
    content: "Payments moved to Stripe v2.",
    supersedes: [old.id],
  });
  const { opsScrubbed, edgesRemoved } = engine.purge([replacement.id]);
  equal(edgesRemoved, 1);
  equal(opsScrubbed, 2, "the put and the supersedes edge; the old memory's patch is its own");
  equal(engine.get(old.id).status, "superseded");
  ok(engine.rebuild().identical);
  equal(engine.get(old.id).status, "superseded");
});

Deno.test("verifyLog() rejects a tombstone no purge accounts for", async () => {
  await using t = await tempEngine();
  const { engine } = t;
  const a = await engine.write({ content: "Alpha note." });
  const b = await engine.write({ content: "Beta note." });
  const c = await engine.write({ content: "Gamma note." });
  engine.purge([a.id]);
  const { changeId: purgeId } = engine.history({ kinds: ["memory.purge"] })[0]!;
  const [bPut] = engine.history({ id: b.id });
  const [cPut] = engine.history({ id: c.id });
  engine.close();

  const db = new DatabaseSync(t.path);
  // b's put forged as purged by a's purge (which does not name b); c's by a purge that does not exist.
  db.prepare("UPDATE ops SET payload = ? WHERE change_id = ?")
    .run(JSON.stringify({ purged: purgeId }), bPut!.changeId);
  db.prepare("UPDATE ops SET payload = ? WHERE change_id = ?")
    .run(JSON.stringify({ purged: "0".repeat(64) }), cPut!.changeId);
  db.close();

  await using reopened = await tempEngine({ path: t.path });
  deepEqual(reopened.engine.verifyLog().sort(), [bPut!.changeId, cPut!.changeId].sort());
});

Deno.test("purge() leaves no byte of the purged text in the strand file or its write-ahead log", async () => {
  const embedder = syntheticEmbedder(32);
  await using t = await tempEngine({ project: "p", embedder });
  const { engine, clock } = t;
  // Enough other memories that FTS5 has several segments and merges them.
  for (let i = 0; i < 30; i++) {
    await engine.writeMany(
      Array.from({ length: 20 }, (_, j) => ({ content: `Filler note ${i}-${j} about builds.` })),
    );
  }
  const older = await engine.write({ content: "The safe code changed last spring." });
  const neighbour = await engine.write({ content: "Deploys go out on Tuesdays." });
  clock.advance(1000);
  // Superseding writes a patch of the older memory (which stays) and a `supersedes` edge.
  const secret = await engine.write({ content: `Ops note: ${SECRET}.`, supersedes: [older.id] });
  const edge = engine.relate({ from: neighbour.id, to: secret.id, relation: "mentions" });
  clock.advance(1000);
  await engine.patch(secret.id, { content: `Rotated: ${SECRET} until June.` });
  engine.reinforce(secret.id, 5);
  for (let i = 0; i < 10; i++) await engine.write({ content: `Later note ${i}.` });
  const [vector] = await embedder.embed([`Rotated: ${SECRET} until June.`], "document");
  const supersedes = engine.edgesOf(older.id)[0]!.id;
  // The id (`mem_ops_note_vault_combination_…`) is a slug of the first words, and an edge id
  // hashes its ends' ids (so it would confirm a guessed id): none of them may stay either.
  equal(secret.id.startsWith("mem_ops_note_vault_combination_"), true, secret.id);
  const needles = [
    "quokka",
    "zanzibar",
    "Rotated",
    "until June",
    "vault",
    "combination",
    secret.id,
    edge.id,
    supersedes,
  ];
  const bytes = new Uint8Array(vector!.buffer, 0, 16);

  const found = (path: string) => {
    let data: Uint8Array;
    try {
      data = Deno.readFileSync(path);
    } catch {
      return [];
    }
    const text = new TextDecoder("latin1").decode(data);
    const hits = needles.filter((n) => text.includes(n));
    if (text.includes(new TextDecoder("latin1").decode(bytes))) hits.push("<vector>");
    return hits;
  };
  deepEqual(
    new Set([...found(t.path), ...found(`${t.path}-wal`)]),
    new Set([...needles, "<vector>"]),
    "the probe sees every needle before",
  );

  equal(engine.purge([secret.id]).walCleared, true);
  deepEqual(found(t.path), [], "database file, strand open");
  deepEqual(found(`${t.path}-wal`), [], "write-ahead log, strand open");
  equal(engine.get(older.id).status, "superseded");
  deepEqual(engine.verifyLog(), []);
  ok(engine.rebuild().identical);
  engine.close();
  deepEqual(found(t.path), [], "database file, strand closed");
});
