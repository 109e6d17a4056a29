/**
 * A person's (or the team's) wish stated and refused: "Yusuf wants to be paged for every P2" /
 * "Yusuf asked not to be paged for P2s, email is enough", "Gary wants commits squashed before
 * merge" / "Gary wants every commit kept, no squashing", "Hugo wants review comments in the PR,
 * not in Slack" / "Hugo prefers review feedback in Slack instead of PR comments".
 *
 * Each statement is read into what it asks for and what it refuses: the words after a refusal
 * ("not", "no", "don't use", "never", "instead of", "rather than", "avoid") up to the next comma
 * are refused, the rest asked for. Two statements of one holder (the same first name, or both
 * "we") conflict when everything one refuses is asked for by the other: a refusal of only part
 * of it ("no comments on drafts") is a narrower wish, not the opposite one. One side must say a
 * wish in words (wants, prefers, likes, asked).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { stem } from "./terms.ts";
import { STOPWORDS } from "../text/stopwords.ts";

const WISH = /\b(?:wants?|prefers?|likes?|asked|asks|would rather)\b/i;
const REFUSE =
  /\b(?:not|no|never|don't use|doesn't use|do not use|does not use|don't|doesn't|instead of|rather than|avoids?|without)\b/i;

/** Words that carry no part of the wish itself. */
const FILLER =
  /^(?:want|prefer|lik|ask|rather|get|be|every|all|enough|us|just|always|only|to|is|are)$/;

/** The content words of a span, as stems. */
function words(span: string): Set<string> {
  return new Set(
    span.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w && !STOPWORDS.has(w)).map(stem)
      .filter((w) => !FILLER.test(w)),
  );
}

/** Who wishes: a leading name, or "we" for the team. */
function holder(text: string): string | null {
  const first = text.trim().split(/\s+/)[0] ?? "";
  if (/^(?:we|our|the team)$/i.test(first)) return "we";
  return /^\p{Lu}\p{Ll}+$/u.test(first) && !/^(?:The|A|An|This|That|Our|All)$/.test(first)
    ? first.toLowerCase()
    : null;
}

/** What `text` asks for and what it refuses. */
function wish(text: string): { asked: Set<string>; refused: Set<string> } {
  const refused = new Set<string>();
  let rest = "";
  for (const clause of text.split(/[,;.]/)) {
    const m = clause.match(REFUSE);
    if (!m) {
      rest += ` ${clause}`;
      continue;
    }
    rest += ` ${clause.slice(0, m.index)}`;
    for (const w of words(clause.slice(m.index! + m[0].length))) refused.add(w);
  }
  const asked = words(rest);
  for (const w of refused) asked.delete(w);
  return { asked, refused };
}

/**
 * A wish one statement states and the other refuses (see the module doc), or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { wishConflict } from "./wishes.ts";
 * import { equal, notEqual } from "node:assert/strict";
 *
 * const s = readStatement;
 * notEqual(wishConflict(s("Ines wants a ping for every failed deploy"), s("Ines asked not to get a ping for failed deploys")), null);
 * equal(wishConflict(s("Ines wants a ping for every failed deploy"), s("Ines wants no ping for staging")), null);
 * ```
 */
export function wishConflict(a: Statement, b: Statement): Conflict | null {
  const [ha, hb] = [holder(a.text), holder(b.text)];
  if (!ha || ha !== hb || !WISH.test(a.text) && !WISH.test(b.text)) return null;
  const [wa, wb] = [wish(a.text), wish(b.text)];
  const covers = (r: Set<string>, p: Set<string>) => r.size > 0 && [...r].every((w) => p.has(w));
  if (!covers(wb.refused, wa.asked) && !covers(wa.refused, wb.asked)) return null;
  if (wa.asked.size === 0 || wb.asked.size === 0 && wb.refused.size === 0) return null;
  return { attribute: "preference", slot: "preference", values: [a.text, b.text] };
}

/** Whether `s` may state or refuse a wish: a holder and a wish or a refusal in words. */
export function mayWish(s: Statement): boolean {
  return holder(s.text) !== null && (WISH.test(s.text) || REFUSE.test(s.text));
}
