/**
 * A generic head and a thing of its own: the stored fact's subject is only a generic head
 * qualified by a value ("Python services use Poetry"), the incoming statement names a thing of
 * its own ("the data team's notebooks switched from Poetry to uv"), and neither says the
 * other's words in any form. The change is of that thing, not of the stored fact's subject.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { sharesRoot } from "./terms.ts";

/**
 * The stored fact's subject is a generic head ("Python services use Poetry"), the incoming one
 * names a thing of its own ("the data team's notebooks switched from Poetry to uv"), and
 * neither says the other's, in any form ("release manager" / "release management" share one).
 * A change of that thing is no change of the stored one.
 */
export function headsApart(incoming: Statement, stored: Statement): boolean {
  const mine = incoming.terms.filter((t) => t.kind === "strong").map((t) => t.term);
  const theirs = stored.terms.filter((t) => t.kind === "weak").map((t) => t.term);
  const said = (w: string, words: ReadonlySet<string>) =>
    words.has(w) || [...words].some((x) => sharesRoot(x, w));
  return mine.length > 0 && theirs.length > 0 && stored.terms.length === theirs.length &&
    !mine.some((w) => said(w, stored.words)) && !theirs.some((w) => said(w, incoming.words));
}
