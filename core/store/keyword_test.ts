import { deepEqual, equal } from "node:assert/strict";
import { tempEngine, TODAY } from "../../tests/helpers.ts";

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
