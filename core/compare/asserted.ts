/**
 * The values a statement asserts now: not old, not denied, not an event's date, and not a bare
 * number in parentheses, which is an aside (a build or ticket number: "7.0.1 (412)").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Value } from "./value_types.ts";

/**
 * The values `s` asserts now (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { asserted } from "./asserted.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const s = readStatement("Build 7.0.1 (412) ships to 3 testers.");
 * deepEqual(s.values.map((v) => v.norm), ["412", "3"]);
 * deepEqual(asserted(s).map((v) => v.norm), ["3"]);
 * ```
 */
export function asserted(s: Statement): Value[] {
  const aside = (v: Value) =>
    v.slots.length === 1 && v.slots[0] === "num" && tokensFor(s.text)[v.start]?.paren === true;
  return s.values.filter((v) =>
    v.tense === "current" && !v.negated && v.kind !== "date" && !aside(v)
  );
}
