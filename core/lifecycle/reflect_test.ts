/**
 * The worker's model-backed jobs against an OpenAI-compatible server on loopback: importance
 * upgraded from the heuristic to the model's rating, reflection writing insights that cite
 * their leaves, and an insight demoted when its grounding is forgotten (restored when back).
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import {
  answer,
  type RecordedRequest,
  reply,
  startFakeOpenAI,
  status,
} from "../../tests/fixtures/fake_openai.ts";
import { tempEngine } from "../../tests/helpers.ts";

/** Answers each kind of request the worker sends. */
function model(request: RecordedRequest) {
  const format = request.body.response_format?.json_schema as { name: string } | undefined;
  const system = request.body.messages?.[0]?.content ?? "";
  const user = JSON.parse(request.body.messages?.[1]?.content ?? "{}");
  if (format?.name === "helix_importance") {
    return answer({
      ratings: user.items.map((_: unknown, index: number) => ({ index, importance: 9 })),
    });
  }
  if (system.includes("salient high-level questions")) {
    return answer({ statements: [{ text: "Why do the deploys fail?", cites: [] }] });
  }
  if (system.includes("up to 3 insights")) {
    return answer({
      statements: [
        { text: "Deploys fail when the migrations have not run first.", cites: [0, 1] },
        { text: "An insight citing nothing is dropped.", cites: [] },
      ],
    });
  }
  return status(500);
}

Deno.test("with a model, the worker rates importance and writes grounded insights; lost grounding demotes them", async () => {
  await using server = startFakeOpenAI();
  server.enqueue(...Array.from({ length: 40 }, () => reply(model)));
  await using t = await tempEngine({
    project: "api",
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 1_000_000, maxRetries: 0 },
  });
  const episodes = [];
  for (let i = 0; i < 9; i++) {
    episodes.push(
      await t.engine.write({
        content: `The deploy of service s${i} failed because the migration had not run.`,
        type: "episode",
      }),
    );
  }
  const given = await t.engine.write({ content: "Deploys go out on Tuesdays.", importance: 3 });
  equal(episodes[0]!.memory.attributes.importanceBy, "heuristic");

  const rated = await t.engine.sleep({ only: "importance" });
  equal(rated.changed, 9, "every heuristic rating upgraded");
  equal(t.engine.get(episodes[0]!.id).importance, 9);
  equal(t.engine.get(episodes[0]!.id).attributes.importanceBy, "model");
  equal(t.engine.get(given.id).importance, 3, "a writer's rating is never touched");

  const reflected = await t.engine.sleep({ only: "reflect" });
  equal(reflected.changed, 1);
  const insight = t.engine.list({ types: ["fact"] }).items.find((m) =>
    m.content.startsWith("Deploys fail")
  )!;
  ok(insight, "the insight is stored");
  equal(insight.confidence, 0.6);
  equal(insight.attributes.question, "Why do the deploys fail?");
  const leaves = insight.attributes.grounding as string[];
  equal(leaves.length, 2);
  deepEqual(
    t.engine.edgesOf(insight.id).filter((e) => e.relation === "derives").map((e) => e.to).sort(),
    [...leaves].sort(),
  );
  equal(insight.provenance[0]?.agent, "helix-worker");
  equal((await t.engine.sleep({ only: "reflect" })).changed, 0, "nothing new: no reflection");

  t.engine.forget({ ids: leaves });
  await t.engine.sleep({ only: "reflect" });
  equal(t.engine.get(insight.id).confidence, 0.3, "grounding gone: demoted");
  equal(t.engine.get(insight.id).attributes.demoted, true);
  for (const leaf of leaves) await t.engine.patch(leaf, { status: "active" });
  await t.engine.sleep({ only: "reflect" });
  equal(t.engine.get(insight.id).confidence, 0.6, "grounding back: restored");
  equal(t.engine.get(insight.id).attributes.demoted, undefined);
  ok(t.engine.rebuild().identical);
});

Deno.test("without a model, reflection and rating do nothing but the grounding check", async () => {
  await using t = await tempEngine({ project: "api" });
  for (let i = 0; i < 12; i++) {
    await t.engine.write({
      content: `Deploy ${i} failed on a missing migration.`,
      type: "episode",
    });
  }
  const report = await t.engine.sleep({ only: "reflect" });
  equal(report.changed, 0);
  equal((await t.engine.sleep({ only: "importance" })).jobs[0]?.summary, "no model configured");
});
