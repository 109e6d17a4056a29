/**
 * Where a thing is, read from the frames people write a place in, so that two frames of one
 * place meet: "the design team sits in the Lyon office" / "the design team is based in
 * Grenoble", "the offsite is in Porto" / "offsite location: Braga", "Runbooks live in the
 * ops/runbooks folder" / "Our runbooks are kept in Notion", "release binaries are uploaded to
 * GitHub Releases" / "… are published to the S3 bucket acme-dl", "invoices are stored in
 * Google Drive" / "we keep invoices on the Dropbox team space".
 *
 * The whole sentence must be the frame: a subject, a verb of placing (lives, sits, is based,
 * is kept, is stored, is hosted, is uploaded, is published, is in) or a "location:" label, then
 * one place: a short phrase with a capitalised word, a path or a host, and no list, exception
 * or clause in it ("… and on S3", "… except the EU shop"). Two statements conflict when they
 * place the same subject words in places that share no word once the places' kind words
 * (office, folder, bucket, repo, space) are set aside, and neither names the other's place.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { stem } from "./terms.ts";
import { STOPWORDS } from "../text/stopwords.ts";

const PLACE = String
  .raw`(?<p>["“]?[\p{L}\p{N}@~./][\p{L}\p{N}.'’/_~:"“”-]*(?:\s+["“]?[\p{L}\p{N}.'’/_~:"“”-]+){0,6})`;
const SUBJECT = String.raw`(?<s>.+?)`;
const BE = String.raw`(?:is|are)`;

/** The frames, each anchored to the whole sentence. */
const FRAMES: readonly RegExp[] = [
  // "X lives in P", "X sits in P", "X is based in P", "X is kept on P", "X is hosted at P"
  new RegExp(
    String
      .raw`^${SUBJECT}\s+(?:lives?|sits?|${BE}\s+(?:based|located|kept|stored|hosted|held|housed))\s+(?:in|on|at)\s+${PLACE}$`,
    "iu",
  ),
  // "X are uploaded to P", "X is published to P"
  new RegExp(
    String.raw`^${SUBJECT}\s+${BE}\s+(?:uploaded|published|pushed)\s+to\s+${PLACE}$`,
    "iu",
  ),
  // "X is in P" (a place with a name only: see `placeLike`)
  new RegExp(String.raw`^${SUBJECT}\s+${BE}\s+(?<in>in|at)\s+${PLACE}$`, "iu"),
  // "we keep X in P", "we store X on P"
  new RegExp(
    String.raw`^(?:we|they|i)\s+(?:keep|store|host)\s+${SUBJECT}\s+(?:in|on|at)\s+${PLACE}$`,
    "iu",
  ),
  // "X location: P"
  new RegExp(String.raw`^${SUBJECT}\s+(?:location|venue|home)\s*:\s*${PLACE}$`, "iu"),
];

/** Words that say what kind of place, not which. */
const KIND =
  /^(?:the|our|a|an|shared|office|offic|folder|directory|repo|repository|bucket|space|team|site|instanc|instance|page|wiki|basement|floor|room|city)$/;

/** Words a single place may not contain: a list, an exception, a clause, or a time or means ("Glacier after 30 days" is a later stage, not another place). */
const NOT_PLACE =
  /^(?:and|or|&|except|but|unless|only|when|while|if|with|for|since|until|now|who|which|because|not|no|also|too|as|than|instead|during|each|every|after|before|from|via|within|per|once|then)$/i;

/** A subject of its own besides the place's kind: a pronoun or a bare article is none. */
const FILLER = /^(?:the|our|a|an|all|their|my|your|its)$/;

/** The words of a span that name something, as stems. */
function keyWords(span: string, drop: RegExp): Set<string> {
  const words = span.toLowerCase().replace(/['’]s\b/g, "").split(/[\s,;:()"]+/u);
  return new Set(
    words.map((w) => w.replace(/^[^\p{L}\p{N}@~./]+|[^\p{L}\p{N}]+$/gu, ""))
      .filter((w) => w && !STOPWORDS.has(w) && !drop.test(w)).map(stem),
  );
}

/** Whether `p` reads as one named place: a capitalised word, a path or a host. */
function placeLike(p: string): boolean {
  const words = p.split(/\s+/);
  if (words.some((w) => NOT_PLACE.test(w))) return false;
  return words.some((w) => /^\p{Lu}/u.test(w) || /[/~]/.test(w) || /\.[a-z]{2,}$/i.test(w));
}

/** A placed subject: its words and the place. */
interface Placed {
  readonly subject: ReadonlySet<string>;
  readonly place: string;
}

/** The place `text` puts its subject in, or null when the whole sentence is no place frame. */
export function placed(text: string): Placed | null {
  const plain = text.trim().replace(/\s*\([^()]*\)\s*$/, "").replace(/[.!]+$/, "").trim();
  if (/[,;]/.test(plain)) return null;
  for (const frame of FRAMES) {
    const g = plain.match(frame)?.groups;
    if (!g?.p || !g.s || !placeLike(g.p)) continue;
    const subject = keyWords(g.s, FILLER);
    if (subject.size === 0 || keyWords(g.p, KIND).size === 0) continue;
    return { subject, place: g.p };
  }
  return null;
}

/** Whether two sets hold the same words. */
function sameWords(x: ReadonlySet<string>, y: ReadonlySet<string>): boolean {
  return x.size === y.size && [...x].every((w) => y.has(w));
}

/**
 * One subject placed in two places (see the module doc), or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { placeConflict } from "./place_frames.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const s = readStatement;
 * deepEqual(
 *   placeConflict(s("the design team sits in the Lyon office"), s("the design team is based in Grenoble"))?.values,
 *   ["the Lyon office", "Grenoble"],
 * );
 * equal(placeConflict(s("the design team sits in Lyon"), s("the data team sits in Grenoble")), null);
 * ```
 */
export function placeConflict(a: Statement, b: Statement): Conflict | null {
  const [x, y] = [placed(a.text), placed(b.text)];
  if (!x || !y || !sameWords(x.subject, y.subject)) return null;
  const [px, py] = [keyWords(x.place, KIND), keyWords(y.place, KIND)];
  if ([...px].some((w) => py.has(w))) return null;
  // A place the other statement names too ("kept in Secrets Manager, not 1Password" is read
  // by the claims, not here).
  // (Outside its own subject: "release binaries are uploaded to GitHub Releases".)
  const names = (s: Statement, own: ReadonlySet<string>, p: ReadonlySet<string>) =>
    [...keyWords(s.text, KIND)].some((w) => p.has(w) && !own.has(w));
  if (names(a, x.subject, py) || names(b, y.subject, px)) return null;
  return { attribute: "location", slot: "location", values: [x.place, y.place] };
}
