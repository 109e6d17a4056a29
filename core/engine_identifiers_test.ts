/**
 * Identifiers stay findable, through the engine: exact tokens of assignments in any case,
 * the archived fallback of the exact channel, and distillation that keeps episodes naming
 * different things apart.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { identifierEpisodes } from "../tests/fixtures/identifier_episodes.ts";
import { tempEngine } from "../tests/helpers.ts";

const DAY = 86_400_000;
const EXACT_ONLY = { vector: false, bm25: false, graph: false };

Deno.test("an env assignment is found by its name in any case, by the pair and by its value", async (t) => {
  await using s = await tempEngine({ project: "api" });
  const { engine } = s;
  const flag = await engine.write({ content: "CI needs `export ZQ47RX=1` before the e2e suite." });
  const region = await engine.write({
    content: "Deploys need DEPLOY_REGION=eu-west-3 set in the shell.",
  });
  await engine.write({ content: "The e2e suite runs on every pull request." });
  const top = async (query: string) => {
    const { hits } = await engine.search({ query, channels: EXACT_ONLY });
    return hits.map((h) => h.memory.id);
  };
  for (const query of ["ZQ47RX", "zq47rx", "Zq47Rx", "ZQ47RX=1", "zq47rx=1"]) {
    await t.step(query, async () => deepEqual(await top(query), [flag.id]));
  }
  await t.step("the value", async () => deepEqual(await top("eu-west-3"), [region.id]));
  await t.step("the name", async () => deepEqual(await top("deploy_region"), [region.id]));
  await t.step("with every channel, the memory comes first", async () => {
    equal((await engine.search({ query: "zq47rx" })).hits[0]?.memory.id, flag.id);
  });
});

Deno.test("an identifier only archived memories carry returns them, marked; recall otherwise sees active only", async (t) => {
  await using s = await tempEngine({ project: "api" });
  const { engine } = s;
  const archived = await engine.write({
    content: "Deploy of ZQHKX failed on a missing migration.",
    type: "episode",
  });
  await engine.patch(archived.id, { status: "archived" });
  const active = await engine.write({ content: "Deploys of QWRTP run the migration first." });
  const old = await engine.write({ content: "QWRTP used to deploy by hand.", type: "episode" });
  await engine.patch(old.id, { status: "archived" });

  for (const query of ["ZQHKX", "zqhkx"]) {
    await t.step(`${query}: the archived memory, marked`, async () => {
      const { hits } = await engine.search({ query });
      deepEqual(hits.map((h) => h.memory.id), [archived.id]);
      equal(hits[0]!.memory.status, "archived");
      equal(hits[0]!.explanation.archivedFallback, true);
      deepEqual(hits[0]!.explanation.matchedTokens, ["zqhkx"]);
    });
  }
  await t.step("an identifier an active memory carries: the active one only", async () => {
    const { hits } = await engine.search({ query: "QWRTP" });
    deepEqual(hits.map((h) => h.memory.id), [active.id]);
  });
  await t.step("words alone never reach archived memories", async () => {
    const { hits } = await engine.search({ query: "deploy failed missing migration" });
    ok(hits.every((h) => h.memory.status === "active"));
  });
  await t.step("asking for archived memories shows them without the fallback mark", async () => {
    const { hits } = await engine.search({ query: "ZQHKX", includeArchived: true });
    equal(hits[0]?.memory.id, archived.id);
    equal(hits[0]?.explanation.archivedFallback, undefined);
  });
  await t.step("a context pack keeps to active memories", async () => {
    const pack = await engine.context({ budgetTokens: 500, query: "ZQHKX" });
    ok(!pack.memories.some((m) => m.id === archived.id));
  });
  await t.step("the fallback keeps the reader's scopes", async () => {
    const { hits } = await engine.search({ query: "ZQHKX", scope: "project:other" });
    deepEqual(hits, []);
  });
});

Deno.test("distillation keeps episodes that name different things apart, and the rule carries the shared ones", async () => {
  await using s = await tempEngine({ project: "api" });
  const { engine } = s;
  const lookalikes = ["ZQHKX", "QWRTP", "MNBVC", "ABC-123", "src/jobs/a.ts"];
  for (const id of lookalikes) {
    await engine.write({
      content: `Had to rotate the key of ${id} before the release.`,
      type: "episode",
    });
  }
  const repeats = [];
  for (let k = 1; k <= 3; k++) {
    repeats.push(
      (await engine.write({
        content: `Had to reset the cache for PAYMENTS_TOKEN before the release (session ${k}).`,
        type: "episode",
      })).id,
    );
  }
  const report = await engine.sleep({ only: "distil" });
  equal(report.changed, 3 + 1, "the three repeats archived into one rule; no look-alike");
  const [rule] = engine.list({ types: ["convention"] }).items;
  equal(rule?.content, "Reset the cache for PAYMENTS_TOKEN before the release.");
  deepEqual([...(rule!.attributes.grounding as string[])].sort(), [...repeats].sort());
  const { hits } = await engine.search({ query: "payments_token", channels: EXACT_ONLY });
  deepEqual(hits.map((h) => h.memory.id), [rule!.id], "the rule answers for its episodes");
  for (const id of lookalikes) {
    const found = await engine.search({ query: id, channels: EXACT_ONLY });
    equal(found.hits[0]?.memory.status, "active", id);
  }
});

Deno.test("10^4 episodes: every identifier of an archived episode is still found by an exact query", async () => {
  await using s = await tempEngine({ project: "api", embedder: null });
  const { engine, clock } = s;
  const { inputs, ids, recurring } = identifierEpisodes(10_000);
  await engine.writeMany(inputs);

  const distilled = await engine.sleep({ only: "distil" });
  equal(distilled.changed, recurring * 4 + recurring, "only the true repeats are distilled");
  // Two months on, the look-alikes fade and the archive job archives them too.
  clock.advance(60 * DAY);
  await engine.sleep({ only: "archive" });
  equal(engine.stats().byStatus.archived, inputs.length, "every episode is archived");

  let byRule = 0;
  let byArchived = 0;
  const missing: string[] = [];
  for (const id of ids) {
    const { hits } = await engine.search({ query: id, limit: 5, channels: EXACT_ONLY });
    const hit = hits.find((h) => h.memory.content.includes(id));
    if (!hit) missing.push(id);
    else if (hit.memory.status === "active") byRule++;
    else if (hit.explanation.archivedFallback) byArchived++;
  }
  deepEqual(missing, [], "no identifier is lost");
  equal(byRule, recurring, "a repeated identifier is found in the rule that cites its episodes");
  equal(byArchived, ids.length - recurring, "the others in their archived episode, marked");
});
