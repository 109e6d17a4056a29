/**
 * Hidden and encoded text: Unicode tag characters (ASCII smuggling), zero-width characters
 * inside words, bidirectional overrides, look-alike letters, letters written as HTML entities,
 * instructions inside hidden markup, and base64 runs that decode to instructions.
 *
 * @module
 */
import { add, combined, excerpt, type Hit, merge } from "./hits.ts";
import { scanPart } from "./match.ts";
import { decodeBase64, hiddenRegions } from "./regions.ts";
import { decodeEntities } from "./normalize.ts";

/** A run of tag characters, after a black flag when it is an emoji's. */
const TAGS = /(\u{1f3f4})?([\u{e0000}-\u{e007f}]+)/gu;

/**
 * Signals of hidden and encoded text in `text` (and `decoded`, its decoded form), with what the
 * hidden parts say scanned in turn.
 */
export function scanHidden(text: string, decoded: string, hits: Map<string, Hit>): void {
  // Unicode tag characters (ASCII smuggling); a flag emoji's tag sequence is legitimate.
  for (const m of text.matchAll(TAGS)) {
    if (m[1]) continue;
    const smuggled = [...m[2]!].map((ch) => {
      const code = ch.codePointAt(0)! - 0xe0000;
      return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : " ";
    }).join("");
    if (/[a-z]{3}/i.test(smuggled)) {
      add(hits, "hidden_text.tag_characters", {
        kind: "hidden_text",
        weight: 0.7,
        excerpt: excerpt(`invisible tag characters: ${smuggled}`),
      });
      merge(hits, scanPart(smuggled));
    }
  }
  // Zero-width characters inside Latin words.
  const split =
    text.match(/[A-Za-z][\u200b-\u200d\u2060-\u2064\ufeff\u180e]+(?=[A-Za-z])/g)?.length ?? 0;
  if (split > 0) {
    add(hits, "hidden_text.zero_width", {
      kind: "hidden_text",
      weight: split >= 3 ? 0.6 : 0.2,
      excerpt: `${split} zero-width character${split === 1 ? "" : "s"} inside words`,
    });
  }
  // Bidirectional controls; a right-to-left override is read back in display order.
  if (/[\u202a-\u202e\u2066-\u2069]/.test(text)) {
    const rtlScript = /[\u0590-\u08ff]/.test(text);
    add(hits, "hidden_text.bidi", {
      kind: "hidden_text",
      weight: rtlScript ? 0.15 : 0.45,
      excerpt: "bidirectional control characters",
    });
    for (const m of text.matchAll(/\u202e([^\u202c\u2069\n]{1,4000})/g)) {
      merge(hits, scanPart([...m[1]!].reverse().join("")));
    }
  }
  // Look-alike letters from other scripts inside Latin words.
  let mixed = 0;
  for (const word of text.matchAll(/[A-Za-z\u0370-\u03ff\u0400-\u04ff]+/g)) {
    if (/[A-Za-z]/.test(word[0]) && /[\u0370-\u03ff\u0400-\u04ff]/.test(word[0])) mixed++;
  }
  if (mixed > 0) {
    add(hits, "hidden_text.homoglyphs", {
      kind: "hidden_text",
      weight: mixed >= 2 ? 0.45 : 0.2,
      excerpt: `${mixed} word${mixed === 1 ? "" : "s"} mixing Latin with look-alike letters`,
    });
  }
  // Letters spelled as numeric HTML entities.
  const entityLetters = decodeEntities(text.normalize("NFKC")).letters;
  if (entityLetters >= 5) {
    add(hits, "hidden_text.entities", {
      kind: "hidden_text",
      weight: 0.45,
      excerpt: `${entityLetters} letters written as HTML entities`,
    });
  }
  // Instructions inside HTML comments, hidden elements and markdown comments.
  for (const region of hiddenRegions(decoded)) {
    const inner = scanPart(region);
    if (combined(inner) >= 0.15) {
      add(hits, "hidden_text.markup", {
        kind: "hidden_text",
        weight: 0.6,
        excerpt: excerpt(`hidden markup: ${region}`),
      });
    }
  }
  // Base64 runs that decode to instructions.
  let runs = 0;
  for (const m of decoded.matchAll(/[A-Za-z0-9+\/_-]{24,}={0,2}/g)) {
    if (++runs > 64) break;
    const plain = decodeBase64(m[0]);
    if (!plain) continue;
    const inner = scanPart(plain);
    if (combined(inner) >= 0.3) {
      add(hits, "hidden_text.base64", {
        kind: "hidden_text",
        weight: 0.7,
        excerpt: excerpt(`base64 decodes to: ${plain}`),
      });
      merge(hits, inner);
    }
  }
}
