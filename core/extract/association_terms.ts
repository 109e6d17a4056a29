/**
 * The words of a memory that association learning counts (`lifecycle/jobs/associate.ts`) and
 * recall looks up (`recall/learned.ts`): lowercased words of three letters or more that begin
 * with a letter, without stop words and the common English words of `entity_words.ts` — the
 * tool names, jargon and domain words two memories can share because they are about the same
 * thing (`pnpm`, `monorepo`, `ledger`), not because they are written in English.
 *
 * @module
 */
import { QUERY_STOPWORDS } from "../text/stopwords.ts";
import { COMMON_WORDS } from "./entity_words.ts";

const WORD = /\p{L}[\p{L}\p{N}]*/gu;

/** Verbs nearly every memory could hold. */
const GENERIC = new Set(
  ("use uses used using run runs ran running make makes made get gets got need needs needed " +
    "add adds added set sets keep keeps kept").split(" "),
);

/**
 * The distinct association words of `text`, in order of appearance.
 *
 * @example Usage
 * ```ts
 * import { associationTerms } from "./association_terms.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(associationTerms("The monorepo uses pnpm workspaces; pnpm is fast."), [
 *   "monorepo",
 *   "pnpm",
 *   "workspaces",
 *   "fast",
 * ]);
 * ```
 */
export function associationTerms(text: string): string[] {
  const words = text.normalize("NFKC").toLowerCase().match(WORD) ?? [];
  return [
    ...new Set(
      words.filter((w) =>
        w.length >= 3 && w.length <= 32 && !QUERY_STOPWORDS.has(w) && !COMMON_WORDS.has(w) &&
        !GENERIC.has(w)
      ),
    ),
  ];
}
