/**
 * A rename of the subject is no change of what is said about it: "Renamed the repo from web to
 * web-app" after "The web repo uses Next.js" leaves the repo on Next.js. When the change word
 * is a rename, the old name it gives is a word of the stored subject and no stored value is
 * named, the stored fact stands (under the new name). A rename of the stored value ("renamed
 * the default branch from master to main", "orders topic renamed to commerce.orders.v2" after
 * "… is orders.v1") changes it.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { asserted } from "./asserted.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";

/** Whether `incoming` renames something of `stored` other than its values. */
export function renamedSubject(incoming: Statement, stored: Statement): boolean {
  if (!incoming.cues.change.some((c) => /\brenam/.test(c))) return false;
  // The old name said ("from web"), and it is a word of the stored subject, not a value.
  const old = [...incoming.oldWords];
  const subject = new Set(stored.terms.map((t) => t.term));
  const held = asserted(stored);
  const text = incoming.text.toLowerCase();
  if (held.length === 0 || held.some((w) => text.includes(w.text.toLowerCase()))) return false;
  // Said before the stored values: the subject's name ("the web repo uses …"), not where a
  // thing lives ("payment records live in the `txn` table").
  const first = Math.min(...held.map((w) => w.start));
  const before = new Set(
    tokensFor(stored.text).slice(0, first).flatMap((t) => termsOf(t.lower)),
  );
  return old.length > 0 && old.every((w) => subject.has(w) && before.has(w));
}
