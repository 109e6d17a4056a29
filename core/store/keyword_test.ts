import { deepEqual, equal } from "node:assert/strict";
import { tempEngine, TODAY } from "../../tests/helpers.ts";
import { KeywordIndex } from "./keyword.ts";
import { planKeywordQuery } from "./keyword_plan.ts";
import { openDatabase } from "./sqlite.ts";
import { createStore } from "./store.ts";
import { recallVisibility } from "./visibility.ts";

const DAY = 86_400_000;

Deno.test("keyword recall finds the visible match behind thousands of better-ranked expired ones", async () => {
  await using strand = await tempEngine({ embedder: null });
  // 7,000 short expired facts outrank the long live one for "sprocket" (bm25 favours short
  // rows), so the channel must widen its fetch past them (10, 80, 640, 5,120, 40,960 rows).
  await strand.engine.writeMany(
    Array.from({ length: 7_000 }, (_, i) => ({
      content: `sprocket ${i}`,
      type: "fact" as const,
      validFrom: TODAY - 10 * DAY,
      validTo: TODAY - DAY,
    })),
  );
  const live = await strand.engine.write({
    content: "The sprocket service moved to the billing cluster after the March outage review.",
    type: "fact",
  });
  const result = await strand.engine.search({
    query: "sprocket",
    limit: 5,
    channels: { vector: false, exact: false, graph: false },
  });
  deepEqual(result.hits.map((h) => h.memory.id), [live.memory.id]);
  const expired = await strand.engine.search({
    query: "sprocket",
    limit: 5,
    includeExpired: true,
    channels: { vector: false, exact: false, graph: false },
  });
  equal(expired.hits.length, 5);
});

Deno.test("KeywordIndex ranks the same with the scope filtered inside FTS5 or on the ranked rows, and a window keeps the newest", async () => {
  await using strand = await tempEngine({ embedder: null });
  const words = ["cache", "deploy", "billing", "queue", "retry", "schema", "token", "webhook"];
  await strand.engine.writeMany(
    Array.from({ length: 600 }, (_, i) => ({
      content: `${words[i % 8]} ${words[(i * 3) % 8]} ${words[(i * 5 + 1) % 8]} note ${i}`,
      type: "fact" as const,
      scope: i % 10 === 0 ? "global" : i % 7 === 0 ? "project:b" : "project:a",
    })),
  );
  const db = openDatabase(strand.path);
  try {
    const store = createStore(db, 384);
    const visibility = recallVisibility(["global", "project:a"], {}, TODAY);
    const inside = new KeywordIndex(store);
    // Over-fetching 40 / share rows: enough for project a (86 % of the strand); for project b
    // (8 %) too few survive and the query falls back to the filter inside FTS5.
    const outside = new KeywordIndex(store, {
      plan: (input) => ({ ...planKeywordQuery(input), scopeInside: false, share: 0.5 }),
    });
    const small = recallVisibility(["project:b"], {}, TODAY);
    for (const query of ["cache retry", "billing", "schema token webhook", "queue deploy"]) {
      const expected = inside.candidates(query, visibility, 20).hits;
      equal(expected.length, 20);
      deepEqual(outside.candidates(query, visibility, 20).hits, expected, query);
      deepEqual(
        outside.candidates(query, small, 20).hits,
        inside.candidates(query, small, 20).hits,
        query,
      );

      const from = 300;
      const windowed = new KeywordIndex(store, {
        plan: (input) => ({ ...planKeywordQuery(input), from }),
      });
      const newest = inside.candidates(query, visibility, 600).hits.filter((h) => h.rid >= from);
      deepEqual(windowed.candidates(query, visibility, 5).hits, newest.slice(0, 5), query);
    }
  } finally {
    db.close();
  }
});

Deno.test("KeywordIndex counts a word's documents the same whether its stems were remembered or read again", async () => {
  await using strand = await tempEngine({ embedder: null });
  await strand.engine.writeMany([
    { content: "Deploying the runner takes a minute." },
    { content: "The deploy job runs nightly." },
    { content: "Running deploys lock the queue." },
    { content: "Zebra crossings are unrelated." },
  ]);
  const db = openDatabase(strand.path);
  try {
    const store = createStore(db, 384);
    const index = new KeywordIndex(store);
    const first = index.documentCounts(["deploying", "runs", "missing"]);
    deepEqual(Object.fromEntries(first.documents), { deploying: 3, runs: 2, missing: 0 });
    // Remembered stems (deploying, runs, missing) and new ones (deployed, running), mixed.
    const words = ["running", "runs", "deployed", "deploying", "missing", "runs"];
    const again = index.documentCounts(words);
    const fresh = new KeywordIndex(store).documentCounts(words);
    deepEqual(again, fresh);
    deepEqual(Object.fromEntries(again.documents), {
      running: 2,
      runs: 2,
      deployed: 3,
      deploying: 3,
      missing: 0,
    });
  } finally {
    db.close();
  }
});
