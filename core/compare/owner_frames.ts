/**
 * Who holds a role over a thing, read from the frames people write a holder in, so that two
 * frames of one role meet: "the payments runbook is maintained by Sofia" / "payments runbook
 * owner: Felix" / "Maintainer of the runbook: Felix" / "Felix owns the runbook" / "Felix is the
 * owner of …"; "the infra repo admin is Dana" / "infra repo admins: the platform-leads group";
 * "escalate search outages to Hamid" / "search outage escalation contact: Brigitte"; and the
 * same frames in German and Spanish ("Für den Zahlungsdienst ist Team Falke zuständig" / "Der
 * Zahlungsdienst gehört Team Adler", "el servicio pertenece al equipo Águila").
 *
 * Owning and maintaining are one role (the person to go to for the thing); an admin, an
 * escalation contact and a contact are roles of their own. The whole sentence must be the
 * frame, and the holder a short name (a capitalised word, a handle, a team or group), so a
 * list of holders ("Ana and Ben"), an exception ("… except billing") or a clause after it is
 * not read. Two statements conflict when they name one role of the same subject words with
 * holders that share no word, and neither holder is named by the other statement ("Tomasz
 * (Priya is secondary)" names both).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { stem } from "./terms.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** A role held over a subject. */
interface Held {
  readonly role: string;
  readonly holder: string;
  readonly subject: ReadonlySet<string>;
}

const HOLDER = String.raw`(?<h>@?[\p{L}][\p{L}\p{N}.'’/-]*(?:\s+[\p{L}][\p{L}\p{N}.'’/-]*){0,3})`;
const NOUN = String
  .raw`(?<r>owner|maintainer|steward|dri|admin|administrator|escalation contact|escalation point|contact person|point of contact|contact)s?`;
const SUBJECT = String.raw`(?<s>.+?)`;
const IS = String.raw`(?::|=|\s+(?:is|are))`;

/** The frames, each anchored to the whole sentence. */
const FRAMES: readonly RegExp[] = [
  // "X is owned / maintained / administered by H"
  new RegExp(
    String.raw`^${SUBJECT}\s+(?:is|are)\s+(?<r>owned|maintained|administered)\s+by\s+${HOLDER}$`,
    "iu",
  ),
  // "X owner: H", "X's maintainer is H"
  new RegExp(String.raw`^${SUBJECT}(?:'s|’s)?\s+${NOUN}${IS}\s+${HOLDER}$`, "iu"),
  // "Owner of X: H", "The maintainer for X is H"
  new RegExp(
    String.raw`^(?:the\s+|our\s+)?${NOUN}\s+(?:of|for)\s+${SUBJECT}${IS}\s+${HOLDER}$`,
    "iu",
  ),
  // "H owns X", "H maintains X"
  new RegExp(String.raw`^${HOLDER}\s+(?<r>owns|maintains|administers)\s+${SUBJECT}$`, "iu"),
  // "H is the owner of X", "H is our contact person for X"
  new RegExp(String.raw`^${HOLDER}\s+is\s+(?:the|our)\s+${NOUN}\s+(?:of|for)\s+${SUBJECT}$`, "iu"),
  // "escalate X to H"
  new RegExp(String.raw`^(?<r>escalate)\s+${SUBJECT}\s+to\s+${HOLDER}$`, "iu"),
  // "Für X ist H zuständig", "X gehört (zu) H"
  new RegExp(String.raw`^für\s+${SUBJECT}\s+(?:ist|sind)\s+${HOLDER}\s+(?<r>zuständig)$`, "iu"),
  new RegExp(String.raw`^${SUBJECT}\s+(?<r>gehört|gehören)\s+(?:zu(?:m|r)?\s+)?${HOLDER}$`, "iu"),
  // "X pertenece al equipo H", "X es del equipo H"
  new RegExp(
    String.raw`^${SUBJECT}\s+(?:(?<r>pertenecen?)\s+al?|(?<r2>es|son)\s+del)\s+${HOLDER}$`,
    "iu",
  ),
];

/** The role a frame's word names: owning and maintaining are one. */
function roleOf(word: string): string {
  const w = word.toLowerCase();
  if (/^admin/.test(w)) return "admin";
  if (/^escalat/.test(w)) return "escalation contact";
  if (/contact/.test(w)) return "contact";
  return "owner";
}

/** Articles and fillers that say nothing of which subject or holder. */
const FILLER =
  /^(?:the|our|a|an|all|den|der|die|das|dem|des|el|la|los|las|del|al|team|teams|group|squad|equipo|person)$/;

/** The words of a span that name something, as stems. */
function keyWords(span: string): Set<string> {
  const words = span.toLowerCase().replace(/['’]s\b/g, "").split(/[\s,;:()"]+/u);
  return new Set(
    // A handle spells its name: `@rosa` is Rosa (`same_doer.ts`).
    words.map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
      .filter((w) => w && !STOPWORDS.has(w) && !FILLER.test(w)).map(stem),
  );
}

/** Words a holder may not contain: a list, an exception or a clause, not one name. */
const NOT_HOLDER =
  /^(?:and|or|&|except|but|unless|only|when|while|if|with|for|on|in|at|since|until|now|who|which|because|not|no)$/i;

/** Whether `h` reads as one holder: a capitalised name, a handle, or a team or group. */
function holderLike(h: string): boolean {
  const words = h.split(/\s+/);
  if (words.some((w) => NOT_HOLDER.test(w))) return false;
  return /^@/.test(h) || words.some((w) => /^\p{Lu}/u.test(w)) ||
    words.some((w) => /^(?:team|group|squad|equipo)$/i.test(w));
}

/** The role `text` names a holder of, or null when the whole sentence is no holder frame. */
export function heldRole(text: string): Held | null {
  const plain = text.trim().replace(/\s*\([^()]*\)\s*$/, "").replace(/[.!]+$/, "").trim();
  if (/[,;]/.test(plain)) return null;
  for (const frame of FRAMES) {
    const m = plain.match(frame);
    const g = m?.groups;
    if (!g?.h || !g.s || !holderLike(g.h)) continue;
    const subject = keyWords(g.s);
    if (subject.size === 0 || keyWords(g.h).size === 0) continue;
    return { role: roleOf(g.r ?? g.r2 ?? "owner"), holder: g.h, subject };
  }
  return null;
}

/** Whether two sets hold the same words. */
function sameWords(x: ReadonlySet<string>, y: ReadonlySet<string>): boolean {
  return x.size === y.size && [...x].every((w) => y.has(w));
}

/**
 * Two holders of one role of one subject (see the module doc), or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { ownerConflict } from "./owner_frames.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const s = readStatement;
 * deepEqual(
 *   ownerConflict(s("The search indexer is maintained by Kofi."), s("Search indexer owner: Lucia."))?.values,
 *   ["Kofi", "Lucia"],
 * );
 * equal(ownerConflict(s("The search indexer is maintained by Kofi."), s("The crawler is maintained by Lucia.")), null);
 * ```
 */
export function ownerConflict(a: Statement, b: Statement): Conflict | null {
  const [x, y] = [heldRole(a.text), heldRole(b.text)];
  if (!x || !y || x.role !== y.role || !sameWords(x.subject, y.subject)) return null;
  const [hx, hy] = [keyWords(x.holder), keyWords(y.holder)];
  if ([...hx].some((w) => hy.has(w))) return null;
  // A holder the other statement names too ("Tomasz (Priya is secondary)").
  const names = (s: Statement, h: ReadonlySet<string>) =>
    [...keyWords(s.text)].some((w) => h.has(w));
  if (names(a, hy) || names(b, hx)) return null;
  return { attribute: x.role, slot: `role:${x.role}`, values: [x.holder, y.holder] };
}
