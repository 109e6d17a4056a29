/**
 * What a denial denies: "we don't use Redux" denies Redux, but "the mobile app does not persist
 * redux state" denies persisting — an act the other statement does not speak of — with Redux
 * only the modifier of its object.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { stem, termsOf } from "./terms.ts";
import { tokenize } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { NEGATIONS } from "../text/words.ts";

/**
 * Whether the denial in `s` is of an act `other` does not speak of, with the value only its
 * object's modifier: "does not persist redux state" denies persisting, not redux.
 */
export function deniedAct(s: Statement, denied: Value, other: Statement): boolean {
  const tokens = tokenize(s.text);
  const not = tokens.findLastIndex((t, i) => i < denied.start && NEGATIONS.test(t.lower));
  if (not < 0) return false;
  const said = new Set(tokenize(other.text).map((t) => stem(t.lower)));
  const act = tokens.slice(not + 1, denied.start).some((t) =>
    t.kind === "word" && /^[a-z]{4,}$/.test(t.lower) &&
    !/^(?:use|used|using|uses)$/.test(t.lower) &&
    !said.has(stem(t.lower))
  );
  const next = tokens[denied.end];
  const modifies = next?.kind === "word" && termsOf(next.lower).length > 0;
  return act && modifies;
}
