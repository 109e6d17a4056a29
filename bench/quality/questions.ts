/**
 * The question set for offline recall (issue 22): natural questions a developer would ask over
 * the quality dataset (`dataset.ts`), in other words than the memories, written before any
 * tuning. Each is labelled with its kind and the memories a perfect recall returns; a changed
 * fact also names the stale versions its answer replaced, which must rank below it.
 *
 * The set is split once, deterministically and stratified by kind, into `questions_tune.ts`
 * (heuristics are tuned on it) and `questions_heldout.ts` (run only for the record): within each
 * kind, questions are ordered by the FNV-1a hash of their id and alternate tune, heldout, tune…
 * ({@linkcode splitHalf}; `questions_test.ts` checks the two files follow it).
 *
 * @module
 */

/** What a question mainly exercises. */
export type QuestionKind =
  | "paraphrase"
  | "identifier"
  | "partial_identifier"
  | "multi_hop"
  | "temporal"
  | "changed_fact"
  | "cross_project";

/** Every kind, in report order. */
export const QUESTION_KINDS: readonly QuestionKind[] = [
  "paraphrase",
  "identifier",
  "partial_identifier",
  "multi_hop",
  "temporal",
  "changed_fact",
  "cross_project",
];

/** One labelled question. */
export interface Question {
  /** Stable id: kind prefix and number (`para-07`). */
  readonly id: string;
  readonly kind: QuestionKind;
  /** `"project:<id>"` (that project and global), `"global"`, or `"all"` (every scope). */
  readonly scope: string;
  /** The question as a developer would ask it. */
  readonly query: string;
  /** Dataset keys of every memory the answer needs. */
  readonly gold: readonly string[];
  /** Changed facts: keys of the superseded versions, which must rank below the first gold. */
  readonly stale?: readonly string[];
}

/** 32-bit FNV-1a of `text`'s code points. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The split rule: per kind, order by `fnv1a(id)` (then id) and alternate tune, heldout. */
export function splitHalf(
  questions: readonly Question[],
): { tune: Question[]; heldout: Question[] } {
  const tune: Question[] = [];
  const heldout: Question[] = [];
  for (const kind of QUESTION_KINDS) {
    const ofKind = questions.filter((q) => q.kind === kind)
      .sort((a, b) => fnv1a(a.id) - fnv1a(b.id) || a.id.localeCompare(b.id));
    ofKind.forEach((q, i) => (i % 2 === 0 ? tune : heldout).push(q));
  }
  const byId = (a: Question, b: Question) => a.id.localeCompare(b.id);
  return { tune: tune.sort(byId), heldout: heldout.sort(byId) };
}
