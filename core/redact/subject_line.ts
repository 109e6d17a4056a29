/**
 * A secret named only in a message's subject line (or a ticket's title or summary): "Subject: new
 * Postmark server token", then,
 * lines below in the body, "here it is: <uuid>" or "Use <uuid> for the receipts stream". The
 * subject is the label of the message; the body gives the value. A subject binds when its
 * label names a secret (`labels.ts`: a password, a secret, a vendor's key; "token rotation" and
 * "password policy" are no labels) and the body holds exactly one value shaped like a key (a
 * UUID, hex of a key's length, 16 random characters or more, a password with symbols) that no
 * word of its own names as public (a tenant id, a commit, a trace): two such values and the
 * message is about ids, not a key, so nothing binds. A UUID elsewhere (no subject, or a subject
 * that names no secret) stays.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { bareWord, PUBLIC_KEYS } from "./back_cues.ts";
import { NEGATIVE_WORDS } from "./entropy.ts";
import { findLabels, type LabelKind } from "./labels.ts";
import { trimWord, valueShape } from "./value_shape.ts";

/**
 * A subject line, in the languages mail clients write it, or a ticket's title or summary; its
 * label text is group 1.
 */
const SUBJECT =
  /^[ \t>]*(?:subject|subj|betreff|asunto|objet|assunto|oggetto|onderwerp|title|summary):[ \t]*(.{3,200})$/gim;
/**
 * A commit message's subject or a note's title: the text's first line (a Markdown heading's
 * text) when a blank line follows it, as `git commit` and most notes write one.
 */
const TITLE = /^[ \t]*(?:#{1,3}[ \t]+)?(\S[^\n]{2,}\S)[ \t]*(?=\r?\n[ \t]*\r?\n)/;
/** A title's most words: counted in words, which a redaction keeps, not in characters. */
const TITLE_WORDS = 30;
/** Where the body of the message ends: the next message's headers. */
const NEXT_MESSAGE = /\n[ \t>]*(?:from|subject|date|to|von|de):[ \t]/i;
/** How far into the body a value may sit. */
const BODY = 1500;
/** Labels in a subject that name a secret. */
const SECRET_KINDS: ReadonlySet<LabelKind> = new Set(["password", "secret", "vendor", "loose"]);

/** Candidate spans for values a subject line names. */
export function subjectCandidates(text: string, out: Candidate[]): void {
  const title = TITLE.exec(text);
  const titled = title && title[1]!.split(/\s+/).length <= TITLE_WORDS ? title : null;
  if (!titled && !/subj|betreff|asunto|objet|assunto|oggetto|onderwerp|title|summary/i.test(text)) {
    return;
  }
  for (const m of [...(titled ? [titled] : []), ...text.matchAll(SUBJECT)]) {
    const line = m[1]!;
    if (!findLabels(line).some((l) => SECRET_KINDS.has(l.kind))) continue;
    const from = m.index + m[0].length;
    const window = text.slice(from, from + BODY);
    const next = NEXT_MESSAGE.exec(window);
    const body = next ? window.slice(0, next.index) : window;
    const found = keyShaped(body);
    if (found.length !== 1 || found[0]![0] < 0) continue;
    const [start, end] = found[0]!;
    out.push({ start: from + start, end: from + end, type: "secret_assignment", tier: 1 });
  }
}

/**
 * What names a value in a message as an id rather than the key the subject speaks of, besides
 * the prose binder's public words: "tenant <uuid>", "reference: <uuid>", "case <hex>".
 */
const ID_WORDS = new Set(
  ("tenant account customer user org organization subscription client case incident " +
    "reference ref correlation device app application stream server instance resource")
    .split(" "),
);

/** Words between an id's name and the id ("the tenant id is …", "ref: …"). */
const LINKS = new Set("is was = : - the a its".split(" "));

/**
 * The values of `body` shaped like a key and not named public by the words before them (the
 * nearest word that is not a link: "tenant …", "request id: …").
 */
function keyShaped(body: string): [number, number][] {
  const out: [number, number][] = [];
  const before: string[] = [];
  for (const w of body.matchAll(/\S+/g)) {
    const word = w[0];
    const { start, end } = trimWord(word);
    const value = word.slice(start, end);
    // An earlier redaction counts as a value, so a second pass binds what the first did.
    if (word.includes("[REDACTED:")) out.push([-1, -1]);
    else if (value.length >= 10 && keyLike(value)) {
      const named = before.slice(-3).reverse().map((b) => bareWord(b).toLowerCase())
        .find((b) => b !== "" && !LINKS.has(b));
      const id = PUBLIC_KEYS.has(named ?? "") || ID_WORDS.has(named ?? "") ||
        NEGATIVE_WORDS.has(named ?? "");
      if (!id) {
        out.push([w.index + start, w.index + end]);
      }
    }
    before.push(word);
    if (out.length > 1) break;
  }
  return out;
}

/** Whether a value is shaped like a key: a UUID, hex of a key's length, random, a password. */
function keyLike(value: string): boolean {
  const shape = valueShape(value);
  if (shape === "password") return true;
  if (value.length < 16) return false;
  if (shape === "uuid") return true;
  if (shape === "random") return value.length >= 16;
  return shape === "hex" && /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/i.test(value);
}
