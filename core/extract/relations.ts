/**
 * Simple subject–verb–object relations in one sentence: "billing uses SQLite", "the API
 * depends on Redis", "moved billing from Postgres to SQLite" (→ billing uses SQLite), "we use
 * Vitest for unit tests", "I prefer tabs over spaces" (→ User prefers tabs). Noun phrases are
 * at most three words and stop at prepositions, conjunctions and punctuation (`phrases.ts`).
 *
 * @module
 */
import type { CandidateRelation } from "../model/candidate.ts";
import { phraseAfter, phraseBefore, phrasesAfter, tokenize } from "./phrases.ts";

/** Verb phrases (lowercase words) and the relation each states. */
const VERBS: ReadonlyArray<readonly [readonly string[], string]> = [
  [["is", "built", "on"], "uses"],
  [["is", "built", "with"], "uses"],
  [["is", "backed", "by"], "uses"],
  [["is", "using"], "uses"],
  [["are", "using"], "uses"],
  [["now", "uses"], "uses"],
  [["runs", "on"], "uses"],
  [["uses"], "uses"],
  [["use"], "uses"],
  [["depends", "on"], "depends_on"],
  [["depend", "on"], "depends_on"],
  [["relies", "on"], "depends_on"],
  [["requires"], "depends_on"],
  [["needs"], "depends_on"],
  [["need"], "depends_on"],
  [["owns"], "owns"],
  [["maintains"], "owns"],
  [["is", "working", "on"], "works_on"],
  [["works", "on"], "works_on"],
  [["prefers"], "prefers"],
  [["prefer"], "prefers"],
];

const MOVE_VERBS =
  /^(?:moved|move|moving|migrated|migrate|migrating|switched|switch|switching|ported|port|porting)$/;

/**
 * The relations a sentence states, subject first.
 *
 * @example Usage
 * ```ts
 * import { findRelations } from "./relations.ts";
 * import { deepEqual } from "node:assert/strict";
 * deepEqual(findRelations("We moved billing from Postgres to SQLite."), [
 *   { from: "billing", relation: "uses", to: "SQLite" },
 * ]);
 * ```
 */
export function findRelations(sentence: string): CandidateRelation[] {
  const tokens = tokenize(sentence);
  const out: CandidateRelation[] = [];
  const add = (from: string | null, relation: string, to: string | null) => {
    if (!from || !to || from.toLowerCase() === to.toLowerCase()) return;
    if (out.some((r) => r.from === from && r.relation === relation && r.to === to)) return;
    out.push({ from, relation, to });
  };
  for (let i = 0; i < tokens.length; i++) {
    const lower = tokens[i]!.lower;
    // moved X from A to B → X uses B
    if (MOVE_VERBS.test(lower)) {
      const from = tokens.findIndex((t, j) => j > i && t.lower === "from");
      const to = tokens.findIndex((t, j) => j > Math.max(i, from) && t.lower === "to");
      if (from > i + 1 && to > from) {
        add(phraseAfter(tokens, i + 1), "uses", phraseAfter(tokens, to + 1));
      }
      continue;
    }
    // use X for Y / use X instead of Z for Y → Y uses X
    if (/^(?:use|using|uses|chose|choose|picked|pick|adopted|adopt)$/.test(lower)) {
      const forAt = tokens.findIndex((t, j) =>
        j > i && t.lower === "for" && !tokens[j - 1]!.breakAfter
      );
      const subject = phraseBefore(tokens, i);
      if (forAt > i + 1 && (subject === null || subject === "User")) {
        add(phraseAfter(tokens, forAt + 1), "uses", phraseAfter(tokens, i + 1));
        continue;
      }
    }
    // prefer X over Y → User prefers X
    if ((lower === "prefer" || lower === "prefers") && i <= 2) {
      const subject = phraseBefore(tokens, i) ?? (i === 0 ? "User" : null);
      add(subject === null ? null : subject, "prefers", phraseAfter(tokens, i + 1));
      continue;
    }
    for (const [words, relation] of VERBS) {
      if (!words.every((w, k) => tokens[i + k]?.lower === w)) continue;
      if (relation === "prefers") break; // handled above, only at the start
      const subject = phraseBefore(tokens, i);
      for (const object of phrasesAfter(tokens, i + words.length)) add(subject, relation, object);
      break;
    }
  }
  return out;
}
