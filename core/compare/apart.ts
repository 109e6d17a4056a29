/**
 * Two subjects a change statement keeps apart, whatever the reading that found the change:
 * two things of one kind (`modifiers.ts`: "events db" / "the orders db"; `post_modifiers.ts`:
 * "la base de datos de pagos" / "… de analítica"); the incoming
 * statement saying the stored thing is left as it is ("admin panel is a separate upgrade
 * ticket", "Android untouched": a part with such a word names a subject word of the stored
 * statement; "p99 unchanged" is about another thing).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { otherModifiers } from "./modifiers.ts";
import { postModifiersApart } from "./post_modifiers.ts";
import { termsOf } from "./terms.ts";

/** Words saying a thing stays as it is: the change is another thing's. */
const LEFT_AS_IS = /\b(?:untouched|unchanged|unaffected|separate|as-is)\b/i;

/** A part of the incoming statement saying a subject of the stored one is left as it is. */
function leftAsIs(incoming: Statement, stored: Statement): boolean {
  const subject = new Set(stored.terms.map((t) => t.term));
  return incoming.text.split(/[,;:.—()]|\s-\s/).some((part) =>
    LEFT_AS_IS.test(part) &&
    (part.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((w) =>
      termsOf(w).some((t) => subject.has(t))
    )
  );
}

/**
 * Whether `incoming`, read as a change of `stored`, is about another subject (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { apart } from "./apart.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("The admin panel is on React 17.");
 * equal(apart(readStatement("bumped the portal to React 18, admin panel is a separate ticket"), stored), true);
 * equal(apart(readStatement("admin panel bumped to React 18, bundle size unchanged"), stored), false);
 * ```
 */
export function apart(incoming: Statement, stored: Statement): boolean {
  return otherModifiers(incoming, stored) || postModifiersApart(incoming, stored) ||
    leftAsIs(incoming, stored);
}
