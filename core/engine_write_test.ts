/**
 * The write API through the engine: stored verbatim with defaults and provenance, default
 * scopes, stable ids; and bad input anywhere in the API is a typed error that changes nothing.
 */
import { deepEqual, equal, match, notEqual, ok, rejects, throws } from "node:assert/strict";
import { isHelixError, MAX_CONTENT_LENGTH } from "./mod.ts";
import { tempEngine, TODAY } from "../tests/helpers.ts";

Deno.test("write() stores the content verbatim with defaults and provenance", async () => {
  await using t = await tempEngine({ project: "billing-svc" });
  const content = "  Money is stored as integer cents in `amount_cents`.\n  Never floats.  ";
  const result = await t.engine.write({
    content,
    source: { agent: "claude-code", ref: "session:42" },
  });
  equal(result.action, "added");
  equal(result.memory.content, content);
  equal(result.memory.type, "fact");
  equal(result.memory.cognitive, "semantic");
  equal(result.memory.scope, "project:billing-svc");
  equal(result.memory.status, "active");
  // Rated by the heuristic when the writer gives none: a fact (5) with a "never" rule.
  equal(result.memory.importance, 7);
  equal(result.memory.validFrom, new Date(TODAY).toISOString());
  equal(result.memory.validTo, null);
  match(result.id, /^mem_money_stored_integer_cents_[0-9a-z]{4}$/);
  deepEqual(result.memory.provenance.map((p) => [p.origin, p.agent, p.ref, p.extractor]), [
    ["agent-ingested", "claude-code", "session:42", "verbatim"],
  ]);
  equal(result.embedded, false);
  deepEqual(t.engine.get(result.id), result.memory);
});

Deno.test("write() puts identity and preferences in global scope unless told otherwise", async () => {
  await using t = await tempEngine({ project: "web" });
  equal(
    (await t.engine.write({ content: "Prefers terse answers.", type: "preference" })).memory.scope,
    "global",
  );
  equal(
    (await t.engine.write({ content: "Senior backend dev.", type: "identity" })).memory.scope,
    "global",
  );
  equal(
    (await t.engine.write({ content: "Uses Vite.", type: "decision" })).memory.scope,
    "project:web",
  );
  equal(
    (await t.engine.write({
      content: "Team prefers tabs here.",
      type: "preference",
      scope: "project:web",
    })).memory
      .scope,
    "project:web",
  );
});

Deno.test("ids are stable and human-readable; the same text in two scopes gets two ids", async () => {
  await using t = await tempEngine();
  const a = await t.engine.write({ content: "Deploys are frozen on Fridays." });
  const b = await t.engine.write({ content: "Deploys are frozen on Fridays.", scope: "project:x" });
  notEqual(a.id, b.id);
  equal((await t.engine.write({ content: "Deploys are frozen on Fridays." })).id, a.id);
  const patched = await t.engine.patch(a.id, {
    content: "Deploys are frozen on Fridays and holidays.",
  });
  equal(patched.id, a.id);
});

Deno.test("bad input gets a typed invalid_input error and leaves the strand unchanged", async (t) => {
  await using s = await tempEngine({ project: "p" });
  const { engine } = s;
  const existing = await engine.write({ content: "Existing memory." });
  const before = engine.stateHash();
  const cases: Array<[string, () => Promise<unknown>]> = [
    ["unknown type", () => engine.write({ content: "x", type: "opinion" as never })],
    ["importance above 10", () => engine.write({ content: "x", importance: 11 })],
    ["importance below 1", () => engine.write({ content: "x", importance: 0 })],
    ["fractional importance", () => engine.write({ content: "x", importance: 2.5 })],
    ["confidence above 1", () => engine.write({ content: "x", confidence: 1.5 })],
    ["malformed scope", () => engine.write({ content: "x", scope: "project" })],
    ["scope with spaces", () => engine.write({ content: "x", scope: "project:my app" })],
    ["unknown scope kind", () => engine.write({ content: "x", scope: "team:core" })],
    ["oversized content", () => engine.write({ content: "a".repeat(MAX_CONTENT_LENGTH + 1) })],
    ["blank content", () => engine.write({ content: "   \n " })],
    ["non-string content", () => engine.write({ content: 42 as never })],
    ["unknown field", () => engine.write({ content: "x", importnce: 3 } as never)],
    ["bad date", () => engine.write({ content: "x", validFrom: "next tuesday" })],
    [
      "validTo before validFrom",
      () => engine.write({ content: "x", validFrom: "2026-05-01", validTo: "2026-04-01" }),
    ],
    [
      "supersede a missing memory",
      () => engine.write({ content: "x", supersedes: ["mem_missing_abcd"] }),
    ],
    ["empty query", () => engine.search({ query: "  " })],
    ["limit too large", () => engine.search({ query: "x", limit: 1000 })],
    ["patch nothing", () => engine.patch(existing.id, {})],
    ["patch bad importance", () => engine.patch(existing.id, { importance: 99 })],
    [
      "relate to itself",
      () =>
        Promise.resolve().then(() =>
          engine.relate({ from: existing.id, to: existing.id, relation: "owns" })
        ),
    ],
    [
      "relate unknown relation",
      () =>
        Promise.resolve().then(() =>
          engine.relate({ from: existing.id, to: existing.id, relation: "likes" as never })
        ),
    ],
    ["context budget too small", () => engine.context({ budgetTokens: 3 })],
  ];
  for (const [name, run] of cases) {
    await t.step(name, async () => {
      await rejects(run(), (error) => {
        ok(isHelixError(error), `${name}: ${error}`);
        ok(["invalid_input", "not_found"].includes(error.code), `${name}: ${error.code}`);
        match(error.message, /^Cannot /);
        return true;
      });
    });
  }
  await rejects(
    engine.patch("mem_nope_abcd", { importance: 3 }),
    (e) => isHelixError(e, "not_found"),
  );
  throws(() => engine.get("mem_nope_abcd"), (e) => isHelixError(e, "not_found"));
  throws(() => engine.get("not an id"), (e) => isHelixError(e, "invalid_input"));
  equal(engine.stateHash(), before);
  equal(engine.stats().memories, 1);
});
