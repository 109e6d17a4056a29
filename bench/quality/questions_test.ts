// The question set's two halves follow the split rule, and every label names a dataset memory.
import { deepEqual, equal, ok } from "node:assert/strict";
import { memories } from "./dataset.ts";
import { QUESTION_KINDS, splitHalf } from "./questions.ts";
import { heldoutQuestions } from "./questions_heldout.ts";
import { tuneQuestions } from "./questions_tune.ts";

Deno.test("the question set is split deterministically, stratified by kind", () => {
  const all = [...tuneQuestions, ...heldoutQuestions];
  ok(all.length >= 200, `${all.length} questions`);
  equal(new Set(all.map((q) => q.id)).size, all.length, "ids are unique");
  const { tune, heldout } = splitHalf(all);
  deepEqual(tune.map((q) => q.id), tuneQuestions.map((q) => q.id));
  deepEqual(heldout.map((q) => q.id), heldoutQuestions.map((q) => q.id));
  for (const kind of QUESTION_KINDS) {
    const t = tune.filter((q) => q.kind === kind).length;
    const h = heldout.filter((q) => q.kind === kind).length;
    ok(t > 0 && Math.abs(t - h) <= 1, `${kind}: ${t} tune, ${h} heldout`);
  }
});

Deno.test("every question labels memories of the dataset, stale ones superseded", () => {
  const byKey = new Map(memories.map((m) => [m.key, m]));
  for (const q of [...tuneQuestions, ...heldoutQuestions]) {
    for (const key of [...q.gold, ...(q.stale ?? [])]) ok(byKey.has(key), `${q.id}: ${key}`);
    equal(q.stale !== undefined, q.kind === "changed_fact", q.id);
    for (const stale of q.stale ?? []) {
      const chain: string[] = [];
      for (let key = byKey.get(q.gold[0]!)?.supersedes; key; key = byKey.get(key)?.supersedes) {
        chain.push(key);
      }
      ok(chain.includes(stale), `${q.id}: ${stale} is not replaced by ${q.gold[0]}`);
    }
  }
});
