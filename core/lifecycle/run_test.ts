/**
 * The lifecycle worker through the engine, on an injected clock: triggers, distillation of
 * recurring episodes (seed 001's .venv scenario), idempotence, undo, archival and revival,
 * and the guard against over-eager consolidation.
 */
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { IMPORTANCE_BUDGET, isHelixError, type WriteInput } from "../mod.ts";
import { tempEngine } from "../../tests/helpers.ts";
import { seededRandom } from "../../tests/fixtures/random.ts";

const DAY = 86_400_000;
const agent = { origin: "agent-ingested" as const, agent: "claude-code" };

const VENV = [
  "Had to activate .venv before running pytest.",
  "Had to activate the .venv again before running pytest (session 2).",
  "Had to activate .venv before running pytest this morning.",
  "Had to activate .venv before running pytest again.",
  "Had to activate the .venv before running pytest.",
  "Had to activate .venv before running pytest (session 6).",
  "Had to activate .venv before running pytest today.",
  "Had to activate .venv before running pytest (session 8).",
  "Had to activate the .venv before running pytest again.",
  "Had to activate .venv before running pytest (session 10).",
];

Deno.test("ten .venv episodes become one rule citing all ten; a rerun changes nothing; undo restores them", async () => {
  await using t = await tempEngine({ project: "api" });
  const episodes: string[] = [];
  for (const [i, content] of VENV.entries()) {
    const session = `s${i + 1}`;
    episodes.push(
      (await t.engine.write({
        content,
        type: "episode",
        source: { ...agent, ref: `session:${session}` },
      })).id,
    );
    t.engine.recordSessionEnd({ session, project: "api", startedAt: t.clock.now() });
    t.clock.advance(DAY / 2);
  }
  const before = episodes.map((id) => t.engine.get(id));
  equal(t.engine.lifecycle().due, "session_boundary");

  const report = await t.engine.sleep({ reason: "session_boundary" });
  const distil = report.jobs.find((j) => j.job === "distil")!;
  equal(distil.changed, 11, "ten episodes archived, one rule created");
  const rules = t.engine.list({ types: ["convention"] }).items;
  equal(rules.length, 1);
  const rule = rules[0]!;
  equal(rule.content, "Activate .venv before running pytest.");
  deepEqual([...(rule.attributes.grounding as string[])].sort(), [...episodes].sort());
  deepEqual(
    t.engine.edgesOf(rule.id).filter((e) => e.relation === "derives").map((e) => e.to).sort(),
    [...episodes].sort(),
  );
  for (const id of episodes) equal(t.engine.get(id).status, "archived");
  equal(t.engine.lifecycle().due, null, "the run consumed the trigger");
  const { hits } = await t.engine.search({ query: "activate venv pytest" });
  equal(hits[0]?.memory.id, rule.id, "recall finds the rule, not ten episodes");
  ok(t.engine.history().some((op) => op.kind === "job.run"), "helix log shows the run");

  const hash = t.engine.stateHash();
  const again = await t.engine.sleep();
  equal(again.changed, 0);
  equal(t.engine.stateHash(), hash, "running the worker again changes nothing");

  const undone = t.engine.undoRun(report.run);
  ok(undone.ops > 0);
  for (const [i, id] of episodes.entries()) {
    const now = t.engine.get(id);
    deepEqual(
      [now.status, now.content, now.type, now.importance, now.confidence, now.scope],
      [
        before[i]!.status,
        before[i]!.content,
        before[i]!.type,
        before[i]!.importance,
        before[i]!.confidence,
        before[i]!.scope,
      ],
    );
  }
  equal(t.engine.get(rule.id).status, "forgotten");
  equal(t.engine.edgesOf(rule.id).length, 0);
  throws(() => t.engine.undoRun(report.run), (e) => isHelixError(e, "conflict"));
  throws(() => t.engine.undoRun("feedfacefeedface"), (e) => isHelixError(e, "not_found"));
  ok(t.engine.rebuild().identical);
});

Deno.test("the importance budget and session ends trigger the worker", async () => {
  await using t = await tempEngine({ project: "api" });
  deepEqual(t.engine.lifecycle(), { lastRunAt: null, budget: 0, sessionsEnded: 0, due: null });
  let budget = 0;
  for (let i = 0; budget <= IMPORTANCE_BUDGET; i++) {
    equal(t.engine.lifecycle().due, null);
    budget += (await t.engine.write({
      content: `Service ${i} listens on port ${8000 + i}.`,
      importance: 9,
    }))
      .memory.importance;
  }
  equal(t.engine.lifecycle().budget, budget);
  equal(t.engine.lifecycle().due, "importance_budget");
  await t.engine.sleep({ reason: "importance_budget" });
  // A run with nothing to change still records that it ran only if it changed something:
  // the budget restarts from the last run that did, so run it on something to archive.
  t.clock.advance(DAY);
  t.engine.recordSessionEnd({ session: "s1", startedAt: t.clock.now() - 1000 });
  equal(t.engine.lifecycle().due, "session_boundary");
});

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

Deno.test("1,000 varied memories: consolidation loses none and merges only true repeats", async () => {
  await using t = await tempEngine({ project: "web" });
  const random = seededRandom(11);
  const topics = ["billing", "auth", "search", "deploys", "the CLI", "the docs", "CI", "caching"];
  const verbs = [
    "broke",
    "was slow",
    "needed a retry",
    "got a new flag",
    "lost a test",
    "was refactored",
  ];
  const causes = [
    "a race",
    "a stale cache",
    "a bad env var",
    "an expired token",
    "a schema change",
  ];
  const inputs: WriteInput[] = [];
  for (let i = 0; i < 1_000; i++) {
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const type = i % 3 === 0 ? "episode" : pick(["fact", "decision", "convention"] as const);
    inputs.push({
      content: `${pick(topics)} ${pick(verbs)} because of ${pick(causes)} in module m${i} (ticket ${
        1000 + i
      }).`,
      type,
    });
  }
  // Three true repeats, each told four times.
  for (
    const repeat of [
      "Had to clear the turbo cache before building.",
      "Had to re-run codegen after pulling.",
      "Had to restart the dev server after changing .env.",
    ]
  ) {
    for (let k = 0; k < 4; k++) {
      inputs.push({ content: `${repeat.slice(0, -1)} (session ${k}).`, type: "episode" as const });
    }
  }
  await t.engine.writeMany(inputs);
  const total = t.engine.stats().memories;
  const report = await t.engine.sleep();
  const distil = report.jobs.find((j) => j.job === "distil")!;
  equal(distil.changed, 3 * 4 + 3, "the twelve repeated episodes archived, three rules created");
  const changedBy = (job: string) => report.jobs.find((j) => j.job === job)!.changed;
  equal(changedBy("contradict"), 0, "varied statements are not contradictions");
  equal(changedBy("profile"), 1, "one profile: the project's current focus");
  equal(report.changed, 3 * 4 + 3 + 1, "the run reports every memory it changed");
  equal(t.engine.stats().memories, total + 3 + 1, "nothing is deleted");
  equal(t.engine.stats().byStatus.archived, 12);
  equal(t.engine.stats().byStatus.forgotten ?? 0, 0);
  t.engine.undoRun(report.run);
  equal(t.engine.stats().byStatus.archived ?? 0, 0, "and the run is reversible");
});

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
