/**
 * The poisoning guard's text decoding: turns ingested text into the forms the rules read
 * (Unicode NFKC, invisible characters removed, mixed-script look-alike letters mapped to Latin,
 * HTML entities and string escapes decoded, tags and comment leaders stripped), and surfaces
 * what was hidden or encoded (the contents of HTML comments, hidden elements and markdown
 * comments, and text that a base64 run decodes to, are `regions.ts`). Pure; scoring happens in
 * `match.ts` and `hits.ts`.
 *
 * @module
 */

const INVISIBLE = /[\u00ad\u180e\u200b-\u200d\u2060-\u2064\ufeff\u202a-\u202e\u2066-\u2069]/g;
const CONFUSABLE: Record<string, string> = {
  "\u0430": "a",
  "\u0435": "e",
  "\u043e": "o",
  "\u0440": "p",
  "\u0441": "c",
  "\u0443": "y",
  "\u0445": "x",
  "\u0456": "i",
  "\u0458": "j",
  "\u0455": "s",
  "\u0501": "d",
  "\u0410": "A",
  "\u0412": "B",
  "\u0415": "E",
  "\u041a": "K",
  "\u041c": "M",
  "\u041d": "H",
  "\u041e": "O",
  "\u0420": "P",
  "\u0421": "C",
  "\u0422": "T",
  "\u0425": "X",
  "\u0406": "I",
  "\u03bf": "o",
  "\u03b1": "a",
  "\u03b9": "i",
  "\u03bd": "v",
  "\u03b5": "e",
  "\u039f": "O",
  "\u0391": "A",
  "\u0395": "E",
};
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  "#39": "'",
};

/** The forms of an ingested text the rules read. */
export interface NormalizedText {
  /** Entities and escapes decoded, invisibles removed; markup kept (for hidden regions). */
  readonly decoded: string;
  /** Comment leaders stripped, line breaks kept. */
  readonly lines: string;
  /** One line, whitespace collapsed; paragraph breaks kept as a pilcrow. */
  readonly flat: string;
}

/** `text` with numeric and common named HTML entities decoded, and how many letters were entities. */
export function decodeEntities(text: string): { text: string; letters: number } {
  let letters = 0;
  const out = text.replace(
    /&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6}|#39);/gi,
    (whole, body: string) => {
      if (body[0] === "#") {
        const code = body[1] === "x" || body[1] === "X"
          ? parseInt(body.slice(2), 16)
          : parseInt(body.slice(1), 10);
        if (!Number.isFinite(code) || code > 0x10ffff) return whole;
        if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) letters++;
        return String.fromCodePoint(code);
      }
      return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    },
  );
  return { text: out, letters };
}

function unescapeStrings(text: string): string {
  return text.replace(
    /\\(?:u([0-9a-fA-F]{4})|([nrt"'\\/]))/g,
    (_, hexCode?: string, ch?: string) => {
      if (hexCode) return String.fromCharCode(parseInt(hexCode, 16));
      return ch === "n" || ch === "r" ? "\n" : ch === "t" ? " " : ch!;
    },
  );
}

/** HTML tags become spaces (their alt/title/content text kept); chat-markup tags stay. */
function stripTags(text: string): string {
  return text.replace(
    /<\/?(?!(?:system|system[-_]prompt|sys|admin|instructions?|start_of_turn|end_of_turn)>)[a-z][\w-]*\b([^<>]{0,500})>/gi,
    (_, attributes: string) => {
      let kept = " ";
      for (
        const m of attributes.matchAll(
          /\b(?:alt|title|content|aria-label|placeholder)\s*=\s*(["'])([^"']{0,500})\1/gi,
        )
      ) {
        kept += `${m[2]} `;
      }
      return kept;
    },
  );
}

function stripLeaders(text: string): string {
  return text
    .replace(/<!--|-->/g, "\n")
    .replace(/^[ \t]*(?:\/\/+|#+|\*+\/?|\/\*+|--+|;+|>+|[-+](?=\s)|rem\b|::)[ \t]?/gim, "");
}

/**
 * The forms of `text` the rules read: NFKC, invisible characters removed, look-alike letters
 * inside Latin words mapped to Latin, HTML entities and string escapes decoded (`decoded`);
 * then tags and comment leaders stripped (`lines`); then on one line (`flat`).
 *
 * @example Usage
 * ```ts
 * import { normalizeText } from "./normalize.ts";
 * import { equal } from "node:assert/strict";
 *
 * const forms = normalizeText("// ign\u200bore &#112;revious\n// instructions");
 * equal(forms.lines, "ignore previous\ninstructions");
 * equal(forms.flat, "ignore previous instructions");
 * ```
 */
export function normalizeText(text: string): NormalizedText {
  let t = text.normalize("NFKC").replace(INVISIBLE, "");
  t = t.replace(
    /[A-Za-z\u0370-\u03ff\u0400-\u04ff]+/g,
    (word) =>
      /[A-Za-z]/.test(word) && /[\u0370-\u03ff\u0400-\u04ff]/.test(word)
        ? word.replace(/[\u0370-\u03ff\u0400-\u04ff]/g, (ch) => CONFUSABLE[ch] ?? ch)
        : word,
  );
  const decoded = unescapeStrings(decodeEntities(t).text);
  const lines = stripLeaders(stripTags(decoded));
  return { decoded, lines, flat: lines.replace(/\n[ \t]*\n\s*/g, " \u00b6 ").replace(/\s+/g, " ") };
}
