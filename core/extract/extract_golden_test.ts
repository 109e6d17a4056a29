/**
 * Golden tests of the deterministic extractor: every JSON file in
 * `tests/fixtures/extraction/` holds cases of input text and context with the candidates
 * expected from them. Times are ISO strings in the files and epoch milliseconds in the code.
 *
 * Compared exactly: count, order, type, content, entities (as a set), event time and phrase,
 * link, steps and triggers (absent in the file means absent in the output). Compared when the
 * file gives them: relations (as a set) and confidence.
 */
import { deepEqual, equal } from "node:assert/strict";
import type { Candidate, ExtractionContext } from "../model/candidate.ts";
import { extract } from "./extract.ts";

const FIXTURES = new URL("../../tests/fixtures/extraction/", import.meta.url);

interface GoldenCandidate {
  readonly type: string;
  readonly content: string;
  readonly entities: readonly string[];
  readonly relations?: Candidate["relations"];
  readonly confidence?: number;
  readonly eventAt?: string;
  readonly eventEnd?: string;
  readonly eventPhrase?: string;
  readonly steps?: readonly string[];
  readonly triggers?: readonly string[];
  readonly link?: Candidate["link"];
}

interface GoldenCase {
  readonly name: string;
  readonly text: string;
  readonly context: Omit<ExtractionContext, "now"> & { readonly now: string };
  readonly expected: readonly GoldenCandidate[];
}

const files = [...Deno.readDirSync(FIXTURES)]
  .filter((entry) => entry.isFile && entry.name.endsWith(".json"))
  .map((entry) => entry.name)
  .sort();

Deno.test("extraction fixtures exist for every memory type and the seed 002 sequence", () => {
  for (const name of ["seed002_japan_trip", "decision", "preference", "convention", "negative"]) {
    equal(files.includes(`${name}.json`), true, `missing ${name}.json`);
  }
  for (const name of ["procedure", "fact", "entity", "episode", "context_answers", "chatter"]) {
    equal(files.includes(`${name}.json`), true, `missing ${name}.json`);
  }
});

for (const file of files) {
  const { cases } = JSON.parse(Deno.readTextFileSync(new URL(file, FIXTURES))) as {
    cases: GoldenCase[];
  };
  Deno.test(`extract() matches the golden candidates in ${file}`, async (t) => {
    for (const golden of cases) {
      await t.step(golden.name, () => {
        const context = { ...golden.context, now: Date.parse(golden.context.now) };
        const actual = extract({ text: golden.text, context });
        equal(actual.length, golden.expected.length, `candidate count for ${golden.text}`);
        golden.expected.forEach((expected, i) => assertCandidate(actual[i]!, expected));
      });
    }
  });
}

function assertCandidate(actual: Candidate, expected: GoldenCandidate): void {
  equal(actual.type, expected.type);
  equal(actual.content, expected.content);
  deepEqual([...actual.entities].sort(), [...expected.entities].sort(), "entities");
  deepEqual(iso(actual.eventAt), expected.eventAt, "eventAt");
  deepEqual(iso(actual.eventEnd), expected.eventEnd, "eventEnd");
  deepEqual(actual.eventPhrase, expected.eventPhrase, "eventPhrase");
  deepEqual(actual.link, expected.link, "link");
  deepEqual(actual.steps, expected.steps, "steps");
  deepEqual(actual.triggers, expected.triggers, "triggers");
  if (expected.relations) {
    deepEqual(sortRelations(actual.relations), sortRelations(expected.relations), "relations");
  }
  if (expected.confidence !== undefined) equal(actual.confidence, expected.confidence);
  equal(actual.confidence >= 0 && actual.confidence <= 1, true, "confidence in 0–1");
}

function iso(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

function sortRelations(relations: Candidate["relations"]): string[] {
  return relations.map((r) => `${r.from} -${r.relation}-> ${r.to}`).sort();
}
