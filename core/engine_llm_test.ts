/**
 * The optional LLM through the engine, against an OpenAI-compatible server on loopback:
 * notes extracted by the model, fallback to the deterministic path when it fails, the
 * grey band adjudicated, and the budget and cache kept in the strand.
 */
import { deepEqual, equal, ok } from "node:assert/strict";
import { answer, content, startFakeOpenAI, status } from "../tests/fixtures/fake_openai.ts";
import { tempEngine } from "../tests/helpers.ts";
import { openEngine } from "./mod.ts";

const user = { origin: "user-asserted" as const, agent: "test" };

function llmMemory(overrides: Record<string, unknown>) {
  return {
    type: "fact",
    content: "",
    entities: [],
    relations: [],
    confidence: 0.9,
    importance: 6,
    eventAt: null,
    eventEnd: null,
    eventPhrase: null,
    steps: null,
    triggers: null,
    link: null,
    ...overrides,
  };
}

Deno.test("note() uses the model's candidates, and falls back to the rules when it fails", async () => {
  await using server = startFakeOpenAI();
  await using t = await tempEngine({
    project: "web",
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 100_000, maxRetries: 0 },
  });
  server.enqueue(answer({
    results: [{
      index: 0,
      memories: [
        llmMemory({
          type: "preference",
          content: "The user prefers pnpm over npm.",
          importance: 8,
        }),
        llmMemory({ type: "convention", content: "Run pnpm lint before every commit." }),
      ],
    }],
  }, { prompt: 400, completion: 80 }));
  const modelled = await t.engine.note({
    text: "I like pnpm better than npm, and please lint before you commit.",
    explicit: true,
    source: user,
  });
  equal(modelled.extractor, "llm");
  deepEqual(modelled.written.map((w) => w.memory.type), ["preference", "convention"]);
  equal(modelled.written[0]!.memory.importance, 8);
  equal(modelled.written[0]!.memory.provenance[0]!.extractor, "llm");

  server.enqueue(content("{ not json"));
  const fallback = await t.engine.note({
    text: "From now on, always run the e2e suite before merging.",
    explicit: true,
    source: user,
  });
  equal(fallback.extractor, "deterministic");
  equal(fallback.written[0]?.memory.type, "convention");

  server.enqueue(status(500));
  const down = await t.engine.note({
    text: "Never deploy on Fridays.",
    explicit: true,
    source: user,
  });
  equal(down.extractor, "deterministic");
  ok(down.written.length >= 1);
});

Deno.test("the model adjudicates the grey band; its answer must name a memory it was shown", async () => {
  await using server = startFakeOpenAI();
  await using t = await tempEngine({
    project: "web",
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 100_000, maxRetries: 0 },
  });
  const old = await t.engine.write({
    content: "Staging deploys run from the release branch.",
    source: user,
  });
  server.enqueue(answer({ action: "supersede", target: old.id, reason: "the branch changed" }));
  const next = await t.engine.write({
    content: "Staging deploys run from main after each merge.",
    source: user,
  });
  equal(next.action, "superseded");
  deepEqual(next.superseded, [old.id]);
  ok(next.reason.includes("the branch changed"));

  const other = await t.engine.write({
    content: "Staging deploys post to the #deploys channel.",
    source: user,
  });
  server.enqueue(answer({ action: "noop", target: "mem_not_shown_zzzz", reason: "same" }));
  const kept = await t.engine.write({
    content: "Staging deploys post a summary to #deploys.",
    source: user,
  });
  equal(
    kept.action === "noop" && kept.id === other.id,
    false,
    "an unknown target keeps the rules' decision",
  );
});

Deno.test("the model settles a flagged conflict: a change it names retires, a disagreement stays flagged", async () => {
  await using server = startFakeOpenAI();
  await using t = await tempEngine({
    project: "api",
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 100_000, maxRetries: 0 },
  });
  // The rules read a conflict (one attribute, two values, no change word); the model reads it
  // as the newer value of the same fact.
  const low = await t.engine.write({
    content: "The API rate limit is 100 requests per minute.",
    source: user,
  });
  server.enqueue(answer({ action: "supersede", target: low.id, reason: "the limit was raised" }));
  const high = await t.engine.write({
    content: "The API rate limit is 500 requests per minute.",
    source: user,
  });
  equal(high.action, "superseded");
  deepEqual(high.superseded, [low.id]);
  deepEqual(t.engine.flags(), [], "a settled conflict is no flag");

  // Two accounts the model cannot order stay both, flagged for the user.
  const port = await t.engine.write({
    content: "The billing service listens on port 8080.",
    source: user,
  });
  server.enqueue(answer({ action: "add", target: null, reason: "two sources disagree" }));
  const other = await t.engine.write({
    content: "The billing service listens on port 9090.",
    source: user,
  });
  equal(other.action, "added");
  equal(t.engine.flags().length, 1);
  equal(t.engine.flags()[0]!.older.id, port.id);
});

Deno.test("a budget of 0 never calls the model; cache and spend survive reopening the strand", async () => {
  await using server = startFakeOpenAI();
  await using t = await tempEngine({
    project: "web",
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 0 },
  });
  const result = await t.engine.note({
    text: "Always pin Node to 22 in CI.",
    explicit: true,
    source: user,
  });
  equal(result.extractor, "deterministic");
  equal(server.requests.length, 0);
  t.engine.close();

  // The model finds nothing to keep, so the strand (and with it the prompt's context) stays
  // the same, and the same note again is the same request.
  server.enqueue(answer({ results: [{ index: 0, memories: [] }] }, { prompt: 100, completion: 5 }));
  const options = {
    path: t.path,
    project: "web",
    clock: t.clock,
    llm: { baseUrl: server.baseUrl, model: "fake", monthlyTokenBudget: 10_000 },
  };
  const note = { text: "We decided CI runs on Node 22 from now on.", source: user };
  const a = openEngine(options);
  const first = await a.note(note);
  deepEqual([first.extractor, first.written.length], ["llm", 0]);
  a.close();
  const b = openEngine(options);
  equal((await b.note(note)).extractor, "llm");
  equal(server.requests.length, 1, "the second answer came from the strand's cache");
  b.close();
});
