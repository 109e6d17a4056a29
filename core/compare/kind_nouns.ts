/**
 * Words that name what kind of value a statement gives rather than what it is about: a
 * headline writes them before its value ("Spring offsite venue: Porto", "Cache size: 2 GB"),
 * a sentence leaves them unsaid ("The spring offsite is in Lisbon"). Also the generic heads a
 * subject may carry or drop ("the deploy job" / "the deploy"). A minimal pair may differ by one
 * of them on one side only (`minimal_pair.ts`). Written as classes from the domain, by the kind
 * of value each names.
 *
 * @module
 */
import type { Shape } from "./surface_values.ts";

/** Nouns that name a kind of value, by the value's shape. */
const KINDS: Readonly<Record<Shape, ReadonlySet<string>>> = {
  number: new Set(
    "size count number total amount value limit length level setting figure quantity capacity"
      .split(" "),
  ),
  name: new Set(
    "venue location place city site town country provider vendor supplier tool tooling platform framework library engine stack product solution choice option brand"
      .split(" "),
  ),
  code: new Set(
    "path dir directory folder file filename key name variable var url host hostname address endpoint location"
      .split(" "),
  ),
};

/** Whether `key` (a lowercase word) names the kind of a value of `shape`. */
export function namesKind(key: string, shape: Shape): boolean {
  return KINDS[shape].has(key);
}
