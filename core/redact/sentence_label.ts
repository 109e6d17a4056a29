/**
 * A value shaped as only a secret is, with a secret-bearing label anywhere in its sentence or on
 * the line just above it, however many words stand between: "ok I put <value> in the .env as
 * the stripe secret, lmk if it breaks", "the key Jonas sent over on Friday for the Hetzner API
 * works now: <value>", "Got the new Mapbox token from Sam.\n<value>". The word-by-word binder
 * (`prose.ts`) reads a few words around a label; this reads the whole sentence, so it takes only
 * what no id, name or code has: a password with a typed symbol (`!@#$%^&*?~|<>`, ten characters
 * or more, no call, member or setting), or a run of sixteen letters and digits or more mixing
 * lower case, upper case and digits, or hex of a key's length (32 or 64 digits) under a key's
 * label (not a password's). The value's own key must name
 * nothing public (`request <value>`, `commit: <value>`), the label must not only own a public
 * thing ("the token's hash"), and a sentence that names something public (a hash, an id, a
 * commit) anywhere leaves its values alone.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { bareWord, PUBLIC_KEYS } from "./back_cues.ts";
import { NEGATIVE_WORDS } from "./entropy.ts";
import { findLabels, type LabelKind } from "./labels.ts";
import { ownedBy, ownKeyPublic } from "./clause_cues.ts";
import { shaped } from "./prose_value.ts";
import { words } from "./prose_words.ts";

/** Labels that name a secret outright. */
const KINDS: ReadonlySet<LabelKind> = new Set(["password", "secret", "vendor", "bare", "loose"]);

/** A word that might be strong: a run of 16 letters and digits, or ten characters with a symbol. */
const ANY_STRONG = /[A-Za-z0-9]{16}|(?=\S{0,60}[!@#$%^&*?~|<>])\S{10}/;

/** A symbol only typed passwords hold: not base64's, a path's, a name's or an assignment's. */
const TYPED = /[!@#$%^&*?~|<>]/;
/** Code, not a password: a call, a member, a setting, a comparison. */
const CODE = /[()]|\.[A-Za-z_]{2,}|^[A-Za-z_][\w.]*=|&&|\|\||[!=]=/;

/** A sentence that opens by handing over a value named before: "it's", "here:", "here it is:". */
const HANDED =
  /^\s*(?:\S+[ \t]+){0,3}(?:it['’]s|it[ \t]+is|here['’]s|here[ \t]+it[ \t]+is:?|here:)[ \t]*$/i;

/** The end of a sentence: a stop, a question or an exclamation before a space. */
const STOP = /[.!?](?=\s)/g;

/** Candidate spans of strong values whose sentence, or the line above, holds a label. */
export function sentenceLabelCandidates(text: string, out: Candidate[]): void {
  if (!ANY_STRONG.test(text)) return; // no word could be strong: skip reading labels
  const labels = findLabels(text).filter((l) =>
    KINDS.has(l.kind) && !ownedBy(text, l.start, l.end)
  );
  if (labels.length === 0) return;
  const lines = lineSpans(text);
  for (const [lineStart, lineEnd] of lines) {
    const line = words(text, lineStart, lineEnd, 200);
    for (const [i, word] of line.entries()) {
      if (word.text.includes("[REDACTED:")) continue;
      if (!ANY_STRONG.test(word.text)) continue; // cheap before shaping
      const value = shaped(word);
      if (value === undefined) continue;
      const v = text.slice(value.start, value.end);
      const classes = Number(/[a-z]/.test(v)) + Number(/[A-Z]/.test(v)) + Number(/\d/.test(v));
      const strong = value.shape === "password" && v.length >= 10 && classes >= 2 &&
          TYPED.test(v) && !CODE.test(v) ||
        value.shape === "random" && /^[A-Za-z0-9]{16,64}$/.test(v) && classes === 3;
      // Hex of a key's length (32 or 64 digits, never a commit's 40) under a key's label.
      const hexKey = value.shape === "hex" && /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/i.test(v);
      // Quotes inside (`'app'@'10.0.0.5'`) make a quoted pair; a colon after, a line's key.
      if (!(strong || hexKey) || /["'`]/.test(v) || text[value.end] === ":") continue;
      const own = bareWord(line[i - 1]?.text ?? "");
      if (PUBLIC_KEYS.has(own) || NEGATIVE_WORDS.has(own)) continue;
      if (ownKeyPublic(text, lineStart, value.start)) continue; // `sha256(token) = …`, `kid: …`
      let [from, to] = sentenceAround(text, lineStart, lineEnd, value.start);
      // "…rotating the Postmark token today. Until then it's <value>", "… password... here:
      // <value>": a pronoun or "here" hands over what the sentence before named.
      if (from > lineStart && HANDED.test(text.slice(from, value.start))) {
        from = sentenceAround(text, lineStart, lineEnd, from - 1)[0];
      }
      // A line that holds the value and little else takes its label from the line above.
      const above = line.length <= 3 ? previousLine(lines, lineStart) : undefined;
      const labelled = labels.some((l) =>
        (!hexKey || l.kind !== "password") && l.start >= from && l.end <= to &&
          (l.end <= value.start || l.start >= value.end) ||
        above !== undefined && l.start >= above[0] && l.end <= above[1]
      );
      if (!labelled || namesPublic(text, from, to, value, hexKey)) continue;
      out.push({ start: value.start, end: value.end, type: "secret_assignment", tier: 1 });
    }
  }
}

/** Every line's span. */
function lineSpans(text: string): [number, number][] {
  const out: [number, number][] = [];
  let at = 0;
  while (at <= text.length) {
    const end = text.indexOf("\n", at);
    const stop = end === -1 ? text.length : end;
    out.push([at, stop]);
    at = stop + 1;
  }
  return out;
}

/** The line before the one starting at `start`, if it is not blank. */
function previousLine(lines: [number, number][], start: number): [number, number] | undefined {
  const i = lines.findIndex(([s]) => s === start);
  return i > 0 ? lines[i - 1] : undefined;
}

/** The sentence of the line around `at`: from the last stop before it to the next after it. */
function sentenceAround(text: string, from: number, to: number, at: number): [number, number] {
  let start = from;
  let end = to;
  for (const m of text.slice(from, to).matchAll(STOP)) {
    const stop = from + m.index + 1;
    if (stop <= at) start = stop;
    else if (end === to) end = stop;
  }
  return [start, end];
}

/**
 * Whether the sentence, besides the value, names something public: then its values are ids (for
 * hex, any word of a hash, an id or a signature).
 */
function namesPublic(
  text: string,
  from: number,
  to: number,
  { start, end }: { start: number; end: number },
  hex: boolean,
): boolean {
  const rest = `${text.slice(from, start)} ${text.slice(end, to)}`;
  // Hex is a digest's shape too: any word of a hash, an id or a signature leaves it.
  const publicWords = hex ? NEGATIVE_WORDS : PUBLIC_KEYS;
  return (rest.match(/[A-Za-z][A-Za-z0-9]*/g) ?? []).some((w) => publicWords.has(w.toLowerCase()));
}
