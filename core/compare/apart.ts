/**
 * Two subjects a change statement keeps apart, whatever the reading that found the change:
 * two things of one kind (`modifiers.ts`: "events db" / "the orders db"; `post_modifiers.ts`:
 * "la base de datos de pagos" / "… de analítica"); two measures of one thing (`other_measure.ts`:
 * a retention in days, a size cap in GB); the incoming
 * statement saying the stored thing is left as it is ("admin panel is a separate upgrade
 * ticket", "Android untouched": a part with such a word names a subject word of the stored
 * statement; "p99 unchanged" is about another thing); another party's change (`other_party.ts`:
 * "our client replaced Jira"); a rename of the subject (`renamed_subject.ts`); a part named by
 * its platform (`platform_apart.ts`: "the admin tool replaced JWT" after "The API uses JWT"); one
 * person's change of a group's fact (`personal_change.ts`: "Lena switched to Zed").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { otherModifiers } from "./modifiers.ts";
import { postModifiersApart } from "./post_modifiers.ts";
import { otherMeasure } from "./other_measure.ts";
import { termsOf } from "./terms.ts";
import { otherParty } from "./other_party.ts";
import { renamedSubject } from "./renamed_subject.ts";
import { platformApart } from "./platform_apart.ts";
import { personalChange } from "./personal_change.ts";

/** Words saying a thing stays as it is: the change is another thing's. */
const LEFT_AS_IS = /\b(?:untouched|unchanged|unaffected|separate|as-is)\b/i;

/** The subject terms of a part of a statement. */
function partTerms(part: string): string[] {
  return (part.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).flatMap((w) => termsOf(w));
}

/**
 * A part of the incoming statement saying a subject of the stored one is left as it is; not
 * when that part names a sibling of its own ("refresh tokens unchanged" after "shortened access
 * token TTL to 15 min", the stored "access tokens" said whole in the other parts).
 */
function leftAsIs(incoming: Statement, stored: Statement): boolean {
  const subject = new Set(stored.terms.map((t) => t.term));
  const strong = stored.terms.filter((t) => t.kind === "strong").map((t) => t.term);
  const parts = incoming.text.split(/[,;:.—()]|\s-\s/);
  const rest = new Set(parts.filter((p) => !LEFT_AS_IS.test(p)).flatMap(partTerms));
  return parts.some((part) => {
    if (!LEFT_AS_IS.test(part)) return false;
    const words = partTerms(part);
    const sibling = strong.length > 0 && strong.every((w) => rest.has(w)) &&
      words.some((w) =>
        !subject.has(w) && !stored.words.has(w) &&
        !/^(?:unchang|untouch|unaffect|separat|as)$/.test(w)
      );
    return !sibling && words.some((t) => subject.has(t));
  });
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
    leftAsIs(incoming, stored) || otherMeasure(incoming, stored) ||
    otherParty(incoming, stored) || renamedSubject(incoming, stored) ||
    platformApart(incoming, stored) || personalChange(incoming, stored);
}
