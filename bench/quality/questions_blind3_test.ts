// The third blind batch of questions: big enough, every kind covered, ids and queries unique
// (also against the tune and heldout halves), every label names a dataset memory, and a changed
// fact's stale versions are really replaced by its answer. No question is printed.
import { equal, ok } from "node:assert/strict";
import { memories } from "./dataset.ts";
import { QUESTION_KINDS } from "./questions.ts";
import { blind3Questions } from "./questions_blind3.ts";
import { heldoutQuestions } from "./questions_heldout.ts";
import { tuneQuestions } from "./questions_tune.ts";

Deno.test("blind3 questions: at least 120, every kind at least 10 times", () => {
  ok(blind3Questions.length >= 120, `${blind3Questions.length} questions`);
  for (const kind of QUESTION_KINDS) {
    const n = blind3Questions.filter((q) => q.kind === kind).length;
    ok(n >= 10, `${kind}: ${n}`);
  }
});

Deno.test("blind3 questions: ids and queries unique, also against tune and heldout", () => {
  const all = [...tuneQuestions, ...heldoutQuestions, ...blind3Questions];
  equal(new Set(all.map((q) => q.id)).size, all.length, "ids");
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  equal(new Set(all.map((q) => norm(q.query))).size, all.length, "queries");
  for (const q of blind3Questions) ok(/^b3-[a-z]+-\d{2}$/.test(q.id), q.id);
});

Deno.test("blind3 questions: labels name dataset memories, stale ones superseded", () => {
  const byKey = new Map(memories.map((m) => [m.key, m]));
  for (const q of blind3Questions) {
    ok(q.gold.length > 0, q.id);
    ok(q.scope === "all" || q.scope === "global" || q.scope.startsWith("project:"), q.id);
    for (const key of [...q.gold, ...(q.stale ?? [])]) ok(byKey.has(key), `${q.id}: ${key}`);
    equal(q.stale !== undefined, q.kind === "changed_fact", q.id);
    for (const stale of q.stale ?? []) {
      const chain: string[] = [];
      for (let key = byKey.get(q.gold[0]!)?.supersedes; key; key = byKey.get(key)?.supersedes) {
        chain.push(key);
      }
      ok(chain.includes(stale), `${q.id}: ${stale} is not replaced by ${q.gold[0]}`);
    }
    // A project-scoped question only labels memories that scope can see.
    if (q.scope.startsWith("project:")) {
      for (const key of q.gold) {
        const scope = byKey.get(key)!.scope;
        ok(scope === q.scope || scope === "global", `${q.id}: ${key} is in ${scope}`);
      }
    }
  }
});
