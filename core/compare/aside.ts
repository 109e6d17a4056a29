/**
 * Statements that say something changed, but set the stored fact aside: the change is told of
 * another thing while the stored one's scope is said to stay ("Moved staging DB to db-stg-2,
 * prod stays where it is"), it is an exception to a rule the stored fact states ("service
 * accounts use 64-char passwords, not the 12 minimum"), or it tells what held before a move
 * ("Jenkins built every Java service for six years before we moved") without naming the
 * stored value.
 *
 * @module
 */
import type { Statement } from "./claims.ts";

/** "X stays", "X remains", "X is unchanged", "X keeps …": the scope X is left as it is. */
const REMAINS =
  /\b([a-z][\w.-]*)\s+(?:stays|stay|remains|remain|is unchanged|are unchanged|is untouched|keeps|keep)\b/gi;

/** "not the 12 minimum", "not the usual default": an exception to a rule, not a new rule. */
const EXCEPTION =
  /\bnot (?:the|our) (?:[\w.-]+ )?(?:minimum|maximum|default|limit|rule|standard|usual|norm|baseline)\b/i;

/** "… before we moved", "… until they switched": the clause tells what held before a change. */
const BEFORE_MOVE =
  /\b(?:before|until)\s+(?:we|they|the team|it|i|everyone)\s+(?:moved|switched|migrated|changed)\b/i;

function hasWord(text: string, word: string): boolean {
  return new RegExp(`(?:^|[^\\w-])${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:$|[^\\w-])`, "i")
    .test(text);
}

/** Whether `incoming` leaves `stored` aside (see the module doc). */
export function setAside(incoming: Statement, stored: Statement): boolean {
  for (const m of incoming.text.matchAll(REMAINS)) {
    const word = m[1]!.toLowerCase();
    // The stored value staying on for a while ("redshift stays read-only until march") is no
    // other scope: the change is still the stored fact's.
    const value = stored.values.some((v) => hasWord(v.text, word));
    if (word.length >= 2 && !value && hasWord(stored.text, word)) return true;
  }
  if (EXCEPTION.test(incoming.text)) return true;
  if (BEFORE_MOVE.test(incoming.text)) {
    // It names the stored value: what held before is what the stored fact says, now ended.
    const named = stored.values.length > 0 &&
      stored.values.every((v) => hasWord(incoming.text, v.text));
    if (!named) return true;
  }
  return false;
}
