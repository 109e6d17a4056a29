/**
 * A worker run through the engine, on an injected clock: distillation of recurring episodes
 * (seed 001's .venv scenario), idempotence and undo, and the guard against over-eager
 * consolidation; and {@linkcode runSliced}, the loop every job's slices go through.
 */
import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { fixedClock, isHelixError, type WriteInput } from "../mod.ts";
import { tempEngine, TODAY } from "../../tests/helpers.ts";
import { seededRandom } from "../../tests/fixtures/random.ts";
import { createOpLog } from "../ops/log.ts";
import { isPurged } from "../ops/kinds.ts";
import { appendWrite } from "../ops/write_one.ts";
import { openStrandFile } from "../store/meta.ts";
import { createStore } from "../store/store.ts";
import { runSliced } from "./run.ts";

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

/** A bare in-memory strand: its tables and log, without an engine. */
function memoryStrand() {
  const { db, meta } = openStrandFile(":memory:", {
    embeddingModel: "test",
    embeddingDimension: 4,
    now: TODAY,
  });
  const store = createStore(db, meta.embeddingDimension);
  const log = createOpLog(store, { deviceId: meta.deviceId, clock: fixedClock(TODAY) });
  return { store, log, project: null, [Symbol.dispose]: () => db.close() };
}

Deno.test("runSliced() applies each chunk in its own recorded slice, then reports progress, then pauses", async () => {
  using strand = memoryStrand();
  const events: string[] = [];
  let id = "";
  async function* chunks() {
    yield { work: "create", progress: { done: 1, total: 3 } };
    events.push("plan");
    yield { work: "nothing" };
    yield { work: "archive", progress: { done: 3, total: 3 } };
  }
  const record = { run: "r1", job: "archive" as const, reason: "test" };
  await runSliced(strand, record, chunks(), (tx, work) => {
    events.push(work);
    if (work === "create") {
      id = appendWrite(strand, tx, { content: "Deploys run on Fridays.", type: "episode" }).id;
      return "created";
    }
    if (work === "archive") {
      tx.patch(id, { status: "archived" }, "test");
      return "archived";
    }
    return null;
  }, {
    progress: (done, total) => events.push(`${done}/${total}`),
    pause: () => Promise.resolve(void events.push("pause")),
  });
  deepEqual(events, [
    "create",
    "1/3",
    "pause",
    "plan",
    "nothing",
    "pause",
    "archive",
    "3/3",
    "pause",
  ], "the next chunk is planned after the previous slice committed");
  const runs = strand.log.read({ ref: "run:r1", order: "canonical" }).flatMap((op) =>
    !isPurged(op) && op.kind === "job.run" ? [op.payload] : []
  );
  deepEqual(runs.map((r) => [r.job, r.reason, r.summary, r.ops.length]), [
    ["archive", "test", "created", 1],
    ["archive", "test", "archived", 1],
  ], "a slice that changed nothing records no run");
  deepEqual(runs[1]!.before, { [id]: { status: "active" } });
  equal(strand.store.memoryById(id)?.status, "archived");
});
