/**
 * A person who moves is not a fact about what they hold that changed: "Marta moved to the
 * Berlin office in March" or "Sam relocated to Lisbon" after "Marta owns the billing service".
 * Read when the doer before the change word is only a person the stored statement names, the
 * change word is a move with nothing moved but the person ("moved to", "relocated to"), and no
 * other person is named after it ("Marta moved billing over to Jonas" hands it over).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { firstCue } from "./cues.ts";
import { tokensFor } from "./cached_tokens.ts";

/** A move of its doer. */
const MOVES = /^(?:moved|moves|moving|relocated|relocates|relocating|transferred)$/;

/** Where a moving person goes. */
const TO = /^(?:to|into|abroad|away|back|over|on|from|across)$/;

/** Whether `incoming` tells of a person of `stored` moving, not of their fact changing. */
export function personMoved(incoming: Statement, stored: Statement): boolean {
  const first = firstCue(incoming.cues);
  const tokens = tokensFor(incoming.text);
  if (first <= 0 || !MOVES.test(tokens[first]?.lower ?? "")) return false;
  if (!TO.test(tokens[first + 1]?.lower ?? "")) return false;
  const doer = tokens.slice(0, first).map((t) => t.lower).join(" ");
  const people = stored.values.filter((v) => v.kind === "person");
  if (!people.some((v) => v.text.toLowerCase() === doer)) return false;
  return !incoming.values.some((v) => v.kind === "person" && v.start > first);
}
