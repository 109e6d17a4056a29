import { deepEqual, equal } from "node:assert/strict";
import { createStore } from "./store.ts";
import { openDatabase } from "./sqlite.ts";
import { VectorIndex } from "./vector_index.ts";
import type { Visibility } from "./visibility.ts";
import { tempEngine, TODAY, wordHashEmbedder } from "../../tests/helpers.ts";

const everything: Visibility = { scopes: "all", statuses: ["active"], at: TODAY, asOf: false };

Deno.test("VectorIndex loads a bulk write that spans several batches, then only what changed", async () => {
  const embedder = wordHashEmbedder(256);
  await using strand = await tempEngine({ embedder });
  const texts = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => ({
      content: `note ${from + i} about widget${from + i}`,
      type: "fact" as const,
      scope: "global",
    }));
  await strand.engine.writeMany(texts(0, 23));

  const db = openDatabase(strand.path);
  try {
    // A bulk write's transaction (~50 ms of rows, so one or a few on a loaded machine) shares
    // one rev: a 5-row batch stops inside a rev.
    const widest = db.prepare(
      "SELECT max(n) AS n FROM (SELECT count(*) AS n FROM memories GROUP BY rev)",
    ).get() as { n: number };
    equal(widest.n > 5, true, `a rev holds ${widest.n} rows, so a 5-row batch stops inside it`);
    const index = new VectorIndex(createStore(db, embedder.dimension), { batch: 5 });
    index.refresh();
    equal(index.size, 23);

    await strand.engine.writeMany(texts(23, 7));
    index.refresh();
    equal(index.size, 30);
    index.refresh();
    equal(index.size, 30);

    for (const i of [0, 4, 5, 22, 23, 29]) {
      const [query] = await embedder.embed([`note ${i} about widget${i}`], "query");
      const [top] = index.search(query!, everything, { k: 1 });
      const row = db.prepare("SELECT content FROM memories WHERE rid = ?").get(top!.rid) as {
        content: string;
      };
      equal(row.content, `note ${i} about widget${i}`);
    }
  } finally {
    db.close();
  }
});

Deno.test("VectorIndex keeps each scope's slots right through scope changes and removals", async () => {
  const embedder = wordHashEmbedder(256);
  await using strand = await tempEngine({ embedder });
  const scopes = ["global", "project:a", "project:b"];
  const { ids } = await strand.engine.writeMany(
    Array.from({ length: 90 }, (_, i) => ({
      content: `note ${i} about part${i % 9} and widget${i}`,
      type: "fact" as const,
      scope: scopes[i % 3]!,
    })),
  );
  const db = openDatabase(strand.path);
  try {
    const index = new VectorIndex(createStore(db, embedder.dimension));
    index.refresh();
    for (const [i, id] of ids.entries()) {
      if (i % 5 === 0) await strand.engine.patch(id, { scope: scopes[(i + 1) % 3]! });
    }
    await strand.engine.forget({ ids: ids.filter((_, i) => i % 7 === 3) });
    index.refresh();

    const [query] = await embedder.embed(["note about widget"], "query");
    const search = (v: Visibility) =>
      index.search(query!, v, { k: 200, rescore: 200 }).map((h) => h.rid).sort((a, b) => a - b);
    const scopeOf = new Map(
      (db.prepare("SELECT rid, scope FROM memories WHERE status = 'active'").all() as {
        rid: number;
        scope: string;
      }[]).map((r) => [r.rid, r.scope]),
    );
    const all = search(everything);
    equal(all.length > 40, true, `most memories share "note": ${all.length}`);
    for (const scope of scopes) {
      const inScope = search({ ...everything, scopes: [scope] });
      deepEqual(inScope, all.filter((rid) => scopeOf.get(rid) === scope), scope);
    }
    equal(all.every((rid) => scopeOf.has(rid)), true, "forgotten memories are not found");
  } finally {
    db.close();
  }
});
