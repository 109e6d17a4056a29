/**
 * A label in a clause of its own whose subject points back ("…; it is a personal access token",
 * "… — this is the deploy key"), when the clause before it, in the same sentence, holds the one
 * value the pronoun can refer to: "Paste <value> into the provider block and terraform will
 * talk to the API as the infra team; it is a personal access token with full scope." The
 * value may stand anywhere in that clause, however long; it must be strong (a password, a
 * random run of 16 or more, hex of a key's length), and be the clause's only candidate: with
 * two, the pronoun's referent is unknown.
 *
 * @module
 */
import type { Shaped, Word } from "./prose_value.ts";
import { strongShape } from "./clause_cues.ts";

/**
 * The value the label's pronoun refers to. `behind` holds the words before the label on its
 * line, nearest first; `boundary` is the index of the word that ends the clause before.
 */
export function anaphor(
  text: string,
  behind: readonly Word[],
  boundary: number,
  accept: (word: Word) => Shaped | undefined,
): Shaped | undefined {
  const closer = behind[boundary]!;
  // A semicolon, a colon, a dash or a comma joins the clauses: a full stop ends the sentence.
  if (closer.text.endsWith(".") && text[closer.end] !== ";") return undefined;
  let found: Shaped | undefined;
  for (let i = boundary; i < behind.length && i < boundary + 40; i++) {
    const word = behind[i]!;
    if (i > boundary && (/[.!?]$/.test(word.text) || text[word.end] === ";")) break;
    const value = accept(word);
    if (value === undefined) continue;
    const v = text.slice(value.start, value.end);
    const strong = strongShape(value) || value.shape === "hex" && /^(?:.{32}|.{64})$/.test(v);
    if (!strong || found !== undefined) return undefined;
    found = value;
  }
  return found;
}
