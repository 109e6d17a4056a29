/**
 * A disagreement between two statements: the slots it was read in and the values of each
 * side (`conflict.ts` finds them; the readings of `typed_subject.ts` and
 * `suffixed_numbers.ts` judge them).
 *
 * @module
 */
import type { Value } from "./value_types.ts";

/** A disagreement: the slots it was read in, and the values of each side. */
export interface Difference {
  /** The first slot, and every slot the same pair of values was read in. */
  readonly slot: string;
  readonly slots: readonly string[];
  readonly a: readonly Value[];
  readonly b: readonly Value[];
}
