/**
 * Tests for checking model answers: the edges of each schema.
 *
 * @module
 */
import { deepEqual, equal } from "node:assert/strict";
import { parseAdjudication, parseRatings } from "./parse_answers.ts";
import { parseJsonAnswer } from "./parse.ts";
import { splitExtraction, toCandidates } from "./parse_candidates.ts";

const base = { type: "fact", content: "CI runs on Linux", confidence: 0.5 };

Deno.test("splitExtraction() drops results given twice and ignores unknown indexes", () => {
  const answer = {
    results: [
      { index: 0, memories: [] },
      { index: 0, memories: [base] },
      { index: 1, memories: [base] },
      { index: 7, memories: [] },
    ],
  };
  deepEqual(splitExtraction(answer, 2), [null, [base]]);
});

Deno.test("toCandidates() accepts the lenient json_object form (fields left out)", () => {
  deepEqual(toCandidates([base], new Set()), [
    { type: "fact", content: "CI runs on Linux", entities: [], relations: [], confidence: 0.5 },
  ]);
});

Deno.test("toCandidates() tidies what it can and refuses what it cannot", async (t) => {
  await t.step("entities are trimmed, deduplicated, blanks dropped", () => {
    const [candidate] = toCandidates(
      [{ ...base, entities: [" CI ", "CI", "", "Linux"] }],
      new Set(),
    )!;
    deepEqual(candidate!.entities, ["CI", "Linux"]);
  });
  await t.step("an eventEnd before eventAt, or without one, is dropped", () => {
    const [before] = toCandidates(
      [{ ...base, eventAt: "2027-04-30", eventEnd: "2027-04-01" }],
      new Set(),
    )!;
    equal(before!.eventEnd, undefined);
    equal(before!.eventAt, Date.UTC(2027, 3, 30));
    const [alone] = toCandidates([{ ...base, eventEnd: "2027-04-01" }], new Set())!;
    equal(alone!.eventEnd, undefined);
  });
  await t.step("an event time with an offset is read as that instant", () => {
    const [candidate] = toCandidates(
      [{ ...base, eventAt: "2027-04-01T09:00:00+02:00" }],
      new Set(),
    )!;
    equal(candidate!.eventAt, Date.UTC(2027, 3, 1, 7));
  });
  await t.step("importance is rounded; empty steps and triggers are left out", () => {
    const [candidate] = toCandidates(
      [{ ...base, importance: 6.6, steps: [], triggers: null }],
      new Set(),
    )!;
    equal(candidate!.importance, 7);
    equal("steps" in candidate!, false);
  });
  await t.step("a link to a memory the model was not shown is dropped", () => {
    const [candidate] = toCandidates(
      [{ ...base, link: { id: "mem_x", relation: "extends" } }],
      new Set(["mem_y"]),
    )!;
    equal(candidate!.link, undefined);
  });
  for (
    const [name, memory] of [
      ["NUL in content", { ...base, content: "a\u0000b" }],
      ["an unknown link relation", { ...base, link: { id: "m", relation: "replaces" } }],
      ["a missing confidence", { type: "fact", content: "x" }],
      ["a blank step", { ...base, steps: ["run", " "] }],
    ] as const
  ) {
    await t.step(`refused: ${name}`, () => equal(toCandidates([memory], new Set(["m"])), null));
  }
  await t.step("refused: more than 20 memories from one input", () => {
    equal(toCandidates(new Array(21).fill(base), new Set()), null);
  });
});

Deno.test("parseRatings() refuses a rating given twice", () => {
  const answer = { ratings: [{ index: 0, importance: 3 }, { index: 0, importance: 4 }] };
  deepEqual(parseRatings(answer, 1), [null]);
});

Deno.test("parseAdjudication() needs a shown target except for add", () => {
  const ids = new Set(["mem_1"]);
  deepEqual(parseAdjudication({ action: "add", target: "mem_1", reason: " new " }, ids), {
    action: "add",
    reason: "new",
  });
  equal(parseAdjudication({ action: "noop", target: null, reason: "same" }, ids), null);
  deepEqual(parseAdjudication({ action: "noop", target: "mem_1" }, ids), {
    action: "noop",
    target: "mem_1",
    reason: "",
  });
  equal(parseAdjudication({ action: "merge", target: "mem_1", reason: "" }, ids), null);
});

Deno.test("parseJsonAnswer() reads plain and fenced JSON only", () => {
  deepEqual(parseJsonAnswer('  {"a":[1]}  '), { a: [1] });
  deepEqual(parseJsonAnswer("```\n[1]\n```"), [1]);
  equal(parseJsonAnswer("Sure! Here is the JSON: {}"), undefined);
});
