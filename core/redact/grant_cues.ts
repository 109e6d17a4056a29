/**
 * Secrets named by what they do rather than by a label: "anyone with <value> can push to the
 * registry", "the account authenticates with <value>", "<value> was revoked", "it only has read
 * scope", "store <value> somewhere safe", "use <value> to unlock the vault", "<value> decrypts the
 * backups". A phrase that says a value grants access, or that an
 * access was taken away, vouches for the nearest value of its sentence, on either side, when the
 * value is shaped as only a secret is: a password with symbols, or a random run of twelve
 * characters or more mixing lower case, upper case and digits, with no id's prefix
 * (`cus_…`), before which only a word that hands a value over ("with", "is", "because") may
 * stand, since a noun there names an id ("Session <id> was revoked").
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { shaped, type Word } from "./prose_value.ts";

/** Phrases that say a value grants access, or that the access was given or taken away. */
const GRANT = new RegExp(
  [
    String.raw`authenticat(?:e|es|ed|ing)[ ](?:with|using|via)`,
    String.raw`(?:anyone|whoever|someone|everyone)[ ]with`,
    String
      .raw`(?:can|could|lets?[ ]you|allows?[ ]you[ ]to)[ ](?:push|pull|deploy|publish|read|write|access|log[ ]?in|sign[ ]?in)`,
    String.raw`(?:read|write|admin|full|read-only|read/write)[ ](?:access|scopes?|permissions?)`,
    String.raw`(?:was|were|got|been|is)[ ](?:revoked|leaked|compromised|exposed)`,
    // "use <value> to unlock the vault", "<value> decrypts the backups", "gets you into …"; not
    // "open": a document's or a video's id opens it too.
    String.raw`(?:to|will|would|should|can|could)[ ](?:unlock|decrypt|unseal)`,
    String.raw`(?:unlocks|decrypts|unseals)[ ](?:the|our|my|your|it|this|that)`,
    String.raw`gets?[ ](?:you|me|us|them)[ ]into`,
    String.raw`still[ ]works`,
    String.raw`somewhere[ ]safe`,
    String.raw`treat[ ](?:it|this|that)[ ](?:carefully|as[ ]a[ ]secret)`,
  ].join("|"),
  "gi",
);

/** Words that may stand right before the value: they hand it over rather than name it. */
const HANDS_OVER =
  /^(?:with|using|via|use|used|is|was|are|because|since|that|and|then|so|me|us|them|generated|issued|gave|sent|new|our|my|your|the|a|this|of|put|store|keep|save|paste|[:–—\-→=]|\w+:)$/i;

/** How many words on either side of the phrase a value may stand. */
const REACH = 8;

/** What ends a sentence: a stop before a space or the end, or a line break. */
const SENTENCE_END = /[.!?;](?=\s|$)|\n/g;

/** A word: a run of characters that are not spaces, quotes, brackets or commas. */
const WORD = /[^\s"'`()\[\]{}<>,]+/g;

/** Candidate spans of values that a grant phrase vouches for. */
export function grantCandidates(text: string, out: Candidate[]): void {
  for (const m of text.matchAll(GRANT)) {
    if (/\w/.test(text[m.index - 1] ?? "") || /\w/.test(text[m.index + m[0].length] ?? "")) {
      continue; // inside a word: "recan push"
    }
    const before = sentenceBefore(text, m.index);
    const after = sentenceAfter(text, m.index + m[0].length);
    const behind = words(text, before, m.index).reverse().slice(0, REACH);
    const ahead = words(text, m.index + m[0].length, after).slice(0, REACH);
    let best: { start: number; end: number; distance: number } | undefined;
    const consider = (list: Word[], i: number, previous: Word | undefined) => {
      const value = strong(list[i]!, previous);
      if (value && (best === undefined || i < best.distance)) best = { ...value, distance: i };
    };
    behind.forEach((_, i) => consider(behind, i, behind[i + 1]));
    const last = { start: 0, end: 0, text: m[0].split(" ").at(-1)! }; // "with" of "… with"
    ahead.forEach((_, i) => consider(ahead, i, ahead[i - 1] ?? last));
    if (best) out.push({ start: best.start, end: best.end, type: "secret_assignment", tier: 1 });
  }
}

/** A word's value when only a secret has its shape, and no public word names it. */
function strong(
  word: Word,
  previous: Word | undefined,
): { start: number; end: number } | undefined {
  if (word.text.includes("[REDACTED:")) return undefined;
  const value = shaped(word);
  if (value === undefined) return undefined;
  const v = word.text.slice(value.start - word.start, value.end - word.start);
  // Only a word that hands a value over may stand before it: "Session <id> was revoked", "user
  // <id> can push" name an id by the noun before it; emphasis around it is no symbol of its own.
  if (previous !== undefined && !HANDS_OVER.test(previous.text)) return undefined;
  if (/^[*_~]|[*_~]$/.test(v)) return undefined; // `**OPS-9537**`: a ticket in bold
  if (value.shape === "password") return value;
  if (value.shape !== "random" || v.length < 12 || /^[a-z]{2,8}_/.test(v)) return undefined;
  return /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v) ? value : undefined;
}

/** The start of the sentence that holds `at`, at most 240 characters back. */
function sentenceBefore(text: string, at: number): number {
  const from = Math.max(0, at - 240);
  let cut = from;
  for (const m of text.slice(from, at).matchAll(SENTENCE_END)) cut = from + m.index + m[0].length;
  return cut;
}

/** The end of the sentence that holds `at`, at most 240 characters on. */
function sentenceAfter(text: string, at: number): number {
  const window = text.slice(at, at + 240);
  const m = new RegExp(SENTENCE_END.source).exec(window);
  return at + (m === null ? window.length : m.index);
}

/** The words of `text` in [from, to). */
function words(text: string, from: number, to: number): Word[] {
  const out: Word[] = [];
  for (const m of text.slice(from, to).matchAll(WORD)) {
    out.push({ start: from + m.index, end: from + m.index + m[0].length, text: m[0] });
  }
  return out;
}
