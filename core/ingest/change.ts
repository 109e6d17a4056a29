/**
 * Change statements: text that says a stored statement no longer holds ("we moved billing from
 * Postgres to SQLite", "no longer uses npm"), and the neighbours it replaces.
 *
 * @module
 */
import type { Comparison } from "../compare/statements.ts";
import { contentWords } from "../text/words.ts";

/** Words that say the statement replaces an earlier one. */
const CHANGE_CUE =
  /\b(?:moved|moving|migrated|migrating|switched|switching|replaced|replacing|changed|changing|instead|no longer|anymore|any more|now (?:use|uses|using|is|are|prefer)|actually|from now on)\b/i;
/** "from X to Y", "X → Y", "replaced X with Y", "instead of X": the old value X. */
const OLD_VALUE =
  /\b(?:from|replaced|replacing|instead of|rather than|no longer (?:use|uses|using)?|dropped|ditched)\s+([\p{L}\p{N}_.@/#+-]+(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}_.@/#+-]*)?)/giu;

/**
 * The same-subject neighbours `content` replaces, when it says something changed: those naming
 * the old value ("from Postgres", "instead of npm") and sharing another content word with it
 * (the subject).
 *
 * @example Usage
 * ```ts
 * import { replacedBy } from "./change.ts";
 * import { compare } from "../compare/statements.ts";
 * import { equal } from "node:assert/strict";
 *
 * const old = { id: "mem_pg", type: "decision" as const, status: "active" as const, content: "Billing uses Postgres." };
 * const content = "We moved billing from Postgres to SQLite.";
 * equal(replacedBy(content, [compare(content, old)]).length, 1);
 * equal(replacedBy("Billing uses SQLite.", [compare("Billing uses SQLite.", old)]).length, 0);
 * ```
 */
export function replacedBy(content: string, subject: readonly Comparison[]): Comparison[] {
  if (!CHANGE_CUE.test(content)) return [];
  const oldValues = new Set<string>();
  for (const match of content.matchAll(OLD_VALUE)) {
    for (const word of contentWords(match[1]!)) oldValues.add(word);
  }
  const fresh = new Set(contentWords(content));
  return subject.filter((c) => {
    const old = contentWords(c.neighbour.content);
    const namesOld = old.some((w) => oldValues.has(w));
    const sharesSubject = old.some((w) => fresh.has(w) && !oldValues.has(w));
    return namesOld && sharesSubject;
  });
}
