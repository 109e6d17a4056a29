/**
 * Stances: what a person wants or does not want, said of the same thing ("Li prefers snapshot
 * tests for the UI" / "Li doesn't want snapshot tests anywhere"). The thing wanted has no
 * value shape, so the two are told apart by the stance itself: the same holder (the first word,
 * a name or "I"), a verb of wanting on one side and of not wanting on the other, and the same
 * words for the thing (every subject word of the shorter one in the longer, two at least).
 *
 * @module
 */
import { termsOf } from "./terms.ts";
import type { Conflict } from "./conflict_type.ts";
import { tokenize } from "./tokens.ts";

/** A stance read from a statement. */
interface Stance {
  readonly holder: string;
  readonly wants: boolean;
  /** The thing's words as written, and as subject terms. */
  readonly text: string;
  readonly terms: readonly string[];
  /** The words of its scope ("for the UI" → `ui`), none when unscoped or said of everything. */
  readonly scope: readonly string[];
}

const WANT = /^(?:prefers?|wants?|likes?|loves?|insists)$/;
const UNWANT = /^(?:dislikes?|hates?|avoids?|rejects?)$/;
const NOT = /^(?:doesn't|don't|does|do|never|won't)$/;
/** Words that end the thing and start its scope or reason. */
const SCOPE = /^(?:for|in|on|at|anywhere|everywhere|when|because|since|unless|except|over|than)$/;

const CACHE_LIMIT = 4_096;
const cache = new Map<string, Stance | null>();

/** The stance of `text`, or null when it states none (remembered: a sweep asks often). */
function stanceOf(text: string): Stance | null {
  if (cache.has(text)) return cache.get(text)!;
  const found = readStance(text);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, found);
  return found;
}

function readStance(text: string): Stance | null {
  const tokens = tokenize(text);
  const first = tokens[0];
  if (first?.kind !== "word" || !(first.cap || first.lower === "i")) return null;
  let i = 1;
  let wants = true;
  if (NOT.test(tokens[i]?.lower ?? "")) {
    wants = false;
    i++;
    if (tokens[i]?.lower === "not") i++;
    if (!/^(?:want|like|prefer|use)$/.test(tokens[i]?.lower ?? "")) return null;
  } else if (UNWANT.test(tokens[i]?.lower ?? "")) wants = false;
  else if (!WANT.test(tokens[i]?.lower ?? "")) return null;
  const words: string[] = [];
  let k = i + 1;
  for (; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === "punct" || t.clause !== first.clause || SCOPE.test(t.lower)) break;
    words.push(t.text);
  }
  const rest = tokens.slice(k).filter((t) => t.clause === first.clause && t.kind === "word");
  const everything = rest.some((t) => /^(?:anywhere|everywhere|always|all)$/.test(t.lower));
  const scope = everything ? [] : rest.flatMap((t) => termsOf(t.lower));
  const terms = words.flatMap((w) => termsOf(w.toLowerCase()));
  return terms.length ? { holder: first.lower, wants, text: words.join(" "), terms, scope } : null;
}

/** Two scopes that share no word: "for the UI" / "for the API", "in Go code" / "in YAML". */
function apart(x: Stance, y: Stance): boolean {
  return x.scope.length > 0 && y.scope.length > 0 && !x.scope.some((w) => y.scope.includes(w));
}

/**
 * Whether two statements are one holder's stances on things in scopes that share nothing
 * ("I prefer tabs in Go code" / "I don't want tabs in YAML"): no conflict, whatever the values.
 */
export function stancesApart(a: string, b: string): boolean {
  const [x, y] = [stanceOf(a), stanceOf(b)];
  return x !== null && y !== null && x.holder === y.holder && apart(x, y);
}

/** Whether `text` states a stance ("Li prefers snapshot tests"). */
export function statesStance(text: string): boolean {
  return stanceOf(text) !== null;
}

/**
 * The things two statements take opposite stances on, as `[a's, b's]` values (the unwanted one
 * as "not …"), or null.
 *
 * @example Usage
 * ```ts
 * import { opposedStances } from "./stance.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(
 *   opposedStances("Li prefers snapshot tests for the UI", "Li doesn't want snapshot tests anywhere"),
 *   ["snapshot tests", "not snapshot tests"],
 * );
 * equal(opposedStances("Li prefers snapshot tests", "Mo doesn't want snapshot tests"), null);
 * ```
 */
export function opposedStances(a: string, b: string): [string, string] | null {
  const [x, y] = [stanceOf(a), stanceOf(b)];
  if (!x || !y || x.holder !== y.holder || x.wants === y.wants || apart(x, y)) return null;
  const [short, long] = x.terms.length <= y.terms.length ? [x, y] : [y, x];
  if (short.terms.length < 2 || !short.terms.every((t) => long.terms.includes(t))) return null;
  const shown = (s: Stance) => s.wants ? s.text : `not ${s.text}`;
  return [shown(x), shown(y)];
}

/** Opposite stances of one person on one thing, as a conflict of preference. */
export function stanceConflict(a: string, b: string): Conflict | null {
  const values = opposedStances(a, b);
  return values && { attribute: "preference", slot: "stance", values };
}
