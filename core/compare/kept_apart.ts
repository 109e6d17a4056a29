/**
 * Two subjects a dispute's grammar keeps apart, checked together: a scope opening one statement
 * (`opening_scope.ts`), addresses or paths that are each statement's subject
 * (`value_subject.ts`), a holder of one side's subject while the other speaks for "us"
 * (`other_group.ts`).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Difference } from "./difference.ts";
import { openingScope } from "./opening_scope.ts";
import { heldByOtherGroup } from "./other_group.ts";
import { subjectsInDispute } from "./value_subject.ts";

/**
 * Whether the dispute `d` of `a` and `b` is between two subjects (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { keptApart } from "./kept_apart.ts";
 * import { equal } from "node:assert/strict";
 *
 * const [a, b] = [readStatement("In the test suite, redis runs on port 6380."), readStatement("Redis runs on port 6379.")];
 * const d = { slot: "port", slots: ["port"], a: [a.values.at(-1)!], b: [b.values.at(-1)!] };
 * equal(keptApart(a, b, d), true);
 * ```
 */
export function keptApart(a: Statement, b: Statement, d: Difference): boolean {
  return openingScope(a, b) || openingScope(b, a) ||
    subjectsInDispute(a.text, b.text, d.a, d.b) || heldByOtherGroup(a, b, d.a) ||
    heldByOtherGroup(b, a, d.b);
}
