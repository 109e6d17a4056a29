/**
 * One either/or choice of a convention said two ways: "we indent with tabs everywhere" / "the
 * team indents with 2 spaces everywhere", "we write TypeScript without semicolons" / "TS style:
 * always semicolons", "mobile and web share one repo" / "the mobile app lives in its own repo",
 * "PRs are squash-merged" / "we keep merge commits on PRs". The alternatives are the choice
 * lexicon's (`lexicon/choices.json`: tabs or spaces, monorepo or separate repos, UUIDv7 or
 * ULID…), read by `claims.ts`; this reading only decides the subject, which for a convention is
 * often no more than the team or the code base.
 *
 * Each side asserts exactly one alternative of the category (however many times it says it:
 * "tabs (indent_style = tab)"), mentions none of the other side's (so "every commit kept, no
 * squashing" is not read against squashing twice), and the two subjects are the same words
 * once the category's own words, the verbs that say how a subject has its convention ("share",
 * "live", "follow", "write") and generic heads are set aside. A word only one side has is
 * allowed when that side lists it beside a shared one ("mobile and web share one repo" speaks
 * of the mobile app too); any other word names another subject ("the Go services use tabs" /
 * "the Python services use spaces").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { stem } from "./terms.ts";
import choicesJson from "./lexicon/choices.json" with { type: "json" };

/** Each category's words that say the attribute ("indent", "pagination"), as stems. */
const NEEDS: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  Object.entries(choicesJson).filter(([k]) => !k.startsWith("$")).map(([k, spec]) => [
    `choice:${k}`,
    new Set([...(spec as { needs: string[] }).needs, ...k.split(" ")].map(stem)),
  ]),
);

/** Verbs and fillers that say how a subject keeps a convention, not which subject (as stems). */
const HOW =
  /^(?:shar|live|lif|sit|follow|writ|wrot|stor|kept|keep|use|styl|everywher|always|never|convention|rule|default|code|codebase|team|project|set|configur|enforc|whole)$/;

/** The choices `s` asserts, by category: each category's alternatives said as current. */
function asserted(s: Statement): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  for (const v of s.values) {
    if (v.kind !== "choice" || v.tense !== "current" || v.negated) continue;
    for (const slot of v.slots.filter((x) => x.startsWith("choice:"))) {
      const said = out.get(slot) ?? new Map<string, string>();
      if (!said.has(v.norm)) said.set(v.norm, v.text);
      out.set(slot, said);
    }
  }
  return out;
}

/** Every alternative `s` names in `slot`, however it names it (denied, old). */
function mentioned(s: Statement, slot: string): Set<string> {
  return new Set(s.values.filter((v) => v.slots.includes(slot)).map((v) => v.norm));
}

/** The subject words of `s` for a choice in `slot`: its terms without the category's words. */
function subject(s: Statement, slot: string): string[] {
  const needs = NEEDS.get(slot) ?? new Set();
  return s.terms.filter((t) =>
    t.kind !== "weak" && t.kind !== "bound" && !needs.has(t.term) && !HOW.test(t.term)
  ).map((t) => t.term);
}

/** Whether `s` lists word `w` beside a word `shared` with "and" or "&" ("mobile and web"). */
function listedBeside(s: Statement, w: string, shared: readonly string[]): boolean {
  const words = s.text.toLowerCase().split(/[^\p{L}\p{N}&]+/u).filter(Boolean).map(stem);
  return words.some((x, i) =>
    (words[i + 1] === "and" || words[i + 1] === "&") &&
    (x === w && shared.includes(words[i + 2]!) || shared.includes(x) && words[i + 2] === w)
  );
}

/** Value kinds that name a subject when only one side says them ("the Go services"). */
const NAMING = new Set(["tech", "name", "person", "version", "region", "locale", "host", "url"]);

/** A file a setting is written in (`.editorconfig`, `biome.json`): where, not what, it is of. */
const SETTINGS_FILE = /(?:^|\/)\.[\w.-]+$|\.(?:json|jsonc|ya?ml|toml|ini|cfg|conf|xml|kts?)$/;

/** Whether `s` names a thing of its own beside the choice that `other` does not name. */
function ownName(s: Statement, other: Statement, slot: string): boolean {
  return s.values.some((v) =>
    (NAMING.has(v.kind) || v.kind === "path" && !SETTINGS_FILE.test(v.norm)) &&
    !v.slots.includes(slot) &&
    !other.values.some((w) => w.norm === v.norm) && !other.words.has(v.norm)
  );
}

/** Whether the subjects of `a` and `b` are one (see the module doc). */
function oneSubject(a: Statement, b: Statement, slot: string): boolean {
  if (ownName(a, b, slot) || ownName(b, a, slot)) return false;
  const [x, y] = [subject(a, slot), subject(b, slot)];
  const shared = x.filter((w) => y.includes(w));
  const fits = (w: string, mine: Statement, theirs: readonly string[], other: Statement) =>
    theirs.includes(w) || other.words.has(w) || listedBeside(mine, w, shared);
  return x.every((w) => fits(w, a, y, b)) && y.every((w) => fits(w, b, x, a));
}

/**
 * Two alternatives of one choice asserted of one subject (see the module doc), or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { choiceConflict } from "./choice_pairs.ts";
 * import { equal } from "node:assert/strict";
 *
 * const s = readStatement;
 * equal(choiceConflict(s("our repo indents with tabs"), s("the repo is indented with 4 spaces"))?.attribute, "indentation");
 * equal(choiceConflict(s("the Go services indent with tabs"), s("the Python services indent with spaces")), null);
 * ```
 */
export function choiceConflict(a: Statement, b: Statement): Conflict | null {
  const [ca, cb] = [asserted(a), asserted(b)];
  for (const [slot, xs] of ca) {
    const ys = cb.get(slot);
    if (!ys || xs.size !== 1 || ys.size !== 1) continue;
    const [[x, tx], [y, ty]] = [[...xs][0]!, [...ys][0]!];
    if (x === y || mentioned(b, slot).has(x) || mentioned(a, slot).has(y)) continue;
    if (!oneSubject(a, b, slot)) continue;
    return { attribute: slot.slice("choice:".length), slot, values: [tx, ty] };
  }
  return null;
}
