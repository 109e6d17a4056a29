/**
 * A stored value no lexicon knows, replaced from now on by a known one (see
 * {@linkcode unnamedOld}).
 *
 * @module
 */
import { attributeName } from "./attribute_name.ts";
import type { Statement } from "./claims.ts";
import type { Value } from "./value_types.ts";

/**
 * The stored statement's value is no value the lexicons know ("tracked in Zendesk", "commit
 * messages are free-form"), the incoming one gives a known value from now on: a change when
 * the two share at least two subject words and the stored words the incoming one drops are
 * few (what it said the value was, and perhaps a qualifier).
 */
export function unnamedOld(
  incoming: Statement,
  stored: Statement,
  added: readonly Value[],
): { attribute: string; from: string; to: string } | null {
  const strong = (x: Statement) =>
    new Set(x.terms.filter((t) => t.kind === "strong").map((t) => t.term));
  const [mine, theirs] = [strong(incoming), strong(stored)];
  const shared = [...theirs].filter((w) => mine.has(w) || incoming.words.has(w));
  // A hyphenated word counts once ("free-form" is read as fre, form and fre-form).
  const dropped = [...theirs].filter((w) => !mine.has(w) && !incoming.words.has(w))
    .filter((w, _, all) =>
      !all.some((o) => o !== w && o.includes("-") && o.split("-").includes(w))
    );
  if (shared.length < 2 || dropped.length === 0 || dropped.length > 2) return null;
  return {
    attribute: attributeName(added[0]!.slots[0]!),
    from: stored.text,
    to: added.map((v) => v.text).join(", "),
  };
}
