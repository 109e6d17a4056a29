/** The `archive` job through the engine, on an injected clock: fading, recall, revival. */
import { equal, ok } from "node:assert/strict";
import { tempEngine } from "../../../tests/helpers.ts";

const DAY = 86_400_000;

Deno.test("faded memories are archived, stay searchable, and come back when recalled usefully", async () => {
  await using t = await tempEngine({ project: "api" });
  const episode = await t.engine.write({
    content: "The staging deploy failed on a missing migration.",
    type: "episode",
    importance: 5,
  });
  const fact = await t.engine.write({ content: "Staging runs Postgres 16.", type: "fact" });
  const rule = await t.engine.write({
    content: "Run migrations before deploying staging.",
    type: "convention",
    importance: 5,
  });
  t.clock.advance(10 * DAY);
  equal((await t.engine.sleep()).changed, 0, "ten days: the episode (5 · 2^-10/7 ≈ 1.9) stays");
  t.clock.advance(10 * DAY);
  const run = await t.engine.sleep();
  equal(run.jobs.find((j) => j.job === "archive")?.changed, 1);
  equal(t.engine.get(episode.id).status, "archived");
  equal(t.engine.get(fact.id).status, "active", "semantic memories do not decay");
  equal(t.engine.get(rule.id).status, "active", "procedural half-life is 90 days");

  const hidden = await t.engine.search({ query: "staging deploy migration failed" });
  ok(!hidden.hits.some((h) => h.memory.id === episode.id));
  const deep = await t.engine.search({
    query: "staging deploy migration failed",
    includeArchived: true,
  });
  ok(deep.hits.some((h) => h.memory.id === episode.id));

  t.engine.reinforce(episode.id, 4);
  equal(t.engine.get(episode.id).status, "active", "revived");
  equal((await t.engine.sleep()).changed, 0, "just used: not faded");
});
