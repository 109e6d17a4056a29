import { equal } from "node:assert/strict";
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
    const revs = db.prepare("SELECT count(DISTINCT rev) AS n FROM memories").get() as { n: number };
    equal(revs.n, 1, "the bulk write shares one rev, so a 5-row batch stops inside it");
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
