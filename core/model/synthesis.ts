/**
 * What the lifecycle worker asks a model to write from several memories (profiles,
 * reflection, rules distilled from episodes), and the shape of its answer.
 *
 * @module
 */

/** What a synthesis request writes from the items it is given. */
export type SynthesisKind =
  | "profileStatic"
  | "profileDynamic"
  | "questions"
  | "insights"
  | "rule";

/** One statement of a synthesis answer: its text and the indices of the items it cites. */
export interface Statement {
  readonly text: string;
  readonly cites: readonly number[];
}
