/** The `contradict` job through the engine: the sweep, its idempotence and undo. */
import { equal, ok } from "node:assert/strict";
import type { WriteInput } from "../../mod.ts";
import { tempEngine } from "../../../tests/helpers.ts";

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
