/**
 * The worker's model-backed jobs against an OpenAI-compatible server on loopback: importance
 * upgraded from the heuristic to the model's rating, reflection writing insights that cite
 * their leaves, an insight demoted when its grounding is forgotten (restored when back), and
 * distilled rules worded by the model.
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

Deno.test("with a model, distillation words the rule (redacted); a failing model falls back to the template", async () => {
  const SECRET = "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8";
  const word = (request: RecordedRequest) => {
    const system = request.body.messages?.[0]?.content ?? "";
    if (!system.includes("recurring episodes into one durable rule")) return status(500);
    const user = JSON.parse(request.body.messages?.[1]?.content ?? "{}");
    equal(user.items.length, 5, "the model sees the cluster's episodes");
    return answer({
      statements: [{
        text: `Run \`source .venv/bin/activate\` before pytest (token ${SECRET}).`,
        cites: [0, 1, 2, 3, 4],
      }],
    });
  };
  await using server = startFakeOpenAI();
  server.enqueue(reply(word), status(500));
  await using t = await tempEngine({
    project: "api",
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 1_000_000, maxRetries: 0 },
  });
  const episodes = [];
  for (let i = 0; i < 5; i++) {
    episodes.push(
      (await t.engine.write({
        content: `Had to activate .venv before running pytest (session ${i}).`,
        type: "episode",
      })).id,
    );
  }
  const report = await t.engine.sleep({ only: "distil" });
  equal(report.changed, 6);
  const [rule] = t.engine.list({ types: ["convention"] }).items;
  ok(rule!.content.startsWith("Run `source .venv/bin/activate` before pytest"), rule!.content);
  ok(!rule!.content.includes(SECRET), "a secret the model made up is redacted");
  deepEqual([...(rule!.attributes.grounding as string[])].sort(), [...episodes].sort());
  equal((await t.engine.sleep({ only: "distil" })).changed, 0, "a rerun changes nothing");

  // The model now fails: the next recurring story is worded by the template.
  for (let i = 0; i < 3; i++) {
    await t.engine.write({
      content: `Had to rebuild the docker image after editing requirements.txt (session ${i}).`,
      type: "episode",
    });
  }
  equal((await t.engine.sleep({ only: "distil" })).changed, 4);
  ok(
    t.engine.list({ types: ["convention"] }).items.some((m) =>
      m.content === "Rebuild the docker image after editing requirements.txt."
    ),
  );
});
