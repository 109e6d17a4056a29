/**
 * A later version read from the surface, where the lexicons read no version on one side or the
 * other ("Zephyr 3.7 LTS", "Unity 2022.3.41f1", "<TargetFramework>net8.0</TargetFramework>",
 * "ubuntu-20.04 → ubuntu-24.04"): a version is a dotted number, or a number joined to a name
 * with a dot (`net6.0`, `ubuntu-20.04`, `python3.12`; `PAY-4417` is an id), or a whole number
 * right after a capitalised name ("Unity 2021"). Two versions are of one thing when they carry the same name (`net6.0` /
 * `net8.0`) or follow the same word ("Zephyr 3.4" / "Zephyr 3.7"). The later one replaces the
 * earlier when the incoming statement says every subject word of the stored one and adds none
 * before its version and at most one after it, in its clause, or when it names the stored version itself before an
 * arrow ("ubuntu-20.04 → ubuntu-24.04").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";
import type { Token } from "./tokens.ts";
import { STATEMENT_STOPWORDS } from "../text/stopwords.ts";

/** A version found on the surface. */
interface Found {
  readonly index: number;
  readonly text: string;
  /** The name joined to it (`net`, `ubuntu`), or null. */
  readonly name: string | null;
  /** The word it follows, or null. */
  readonly after: string | null;
  readonly parts: readonly number[];
}

const VERSION =
  /(?:^|[^a-z0-9.])(?:([a-z]{2,})[-_:]?)?v?(\d+(?:\.\d+)*)([a-z]\d+)?(?![\d.]*\d|[a-z%:])/;
const DATE = /\d{4}-\d{2}|\d{1,2}:\d{2}|^\d+(?:ms|s|m|h|d|k|mb|gb|kb|%)$/;

/** Words that name no subject next to a version ("image", "tag", "chart"). */
const WEAK_WORDS = /^(?:chart|version|imag|image|tag|release|build|pin|provider|plugin|sdk)$/;

/** Words a whole number after which is an id, not a version ("PR 8812", "INC 2291"). */
const ID_WORDS = /^(?:pr|prs|mr|issue|ticket|bug|inc|incident|case|task|story|run|job|build|step)$/;

/** Verbs that link a name to its version ("Cluster autoscaler is on 1.25"). */
const LINKS = /^(?:is|are|on|at|runs?|uses?|pinned|pins?|requires?|needs?)$/;

/** The word a version follows: the previous word token, stop words and symbols skipped. */
function anchor(tokens: readonly Token[], i: number): string | null {
  for (let k = i - 1; k >= Math.max(0, i - 4); k--) {
    const t = tokens[k]!;
    // A label's colon ("cluster autoscaler: 1.29") joins a name to its version.
    if (t.lower === ":") continue;
    if (t.clause !== tokens[i]!.clause && tokens[k + 1]?.lower !== ":") return null;
    // Symbols and verbs of being or running stand between a name and its version ("is on").
    if (!/[a-z]/.test(t.lower) || STATEMENT_STOPWORDS.has(t.lower) || LINKS.test(t.lower)) continue;
    return t.lower;
  }
  return null;
}

function versionsOf(tokens: readonly Token[]): Found[] {
  return tokens.flatMap((t, i) => {
    // "#918", "!812": a ticket or request number.
    if (t.kind === "punct" || DATE.test(t.lower) || /^[#!]/.test(t.lower)) return [];
    const m = VERSION.exec(t.lower);
    if (!m) return [];
    const parts = m[2]!.split(".").map(Number);
    const name = m[1] ?? null;
    const after = anchor(tokens, i);
    const capped = i > 0 && tokens[i - 1]!.cap && tokens[i - 1]!.kind === "word";
    // A whole number joined to a name is an id ("PAY-4417", "svc-12"), not a version.
    // A whole number after "PR", "issue", "INC" is an id too.
    if (parts.length < 2 && (name || !(capped && after) || ID_WORDS.test(after ?? ""))) return [];
    return [{ index: i, text: t.text, name, after, parts }];
  });
}

/** Whether the statement gives a version its surface shows (`net8.0`, `Zephyr 3.7`). */
export function versioned(s: Statement): boolean {
  let found = VERSIONED.get(s);
  if (found === undefined) VERSIONED.set(s, found = versionsOf(tokensFor(s.text)).length > 0);
  return found;
}

/** {@linkcode versioned}, remembered per statement (statements are cached by `claims.ts`). */
const VERSIONED = new WeakMap<Statement, boolean>();

/** Whether `b` is later than `a`, and not `a` said more precisely (`20` → `20.11`). */
function later(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return b[i]! > a[i]!;
  }
  return false;
}

function sameThing(a: Found, b: Found): boolean {
  if (a.name || b.name) return a.name === b.name;
  return !!a.after && a.after === b.after;
}

const ARROWS = /^(?:->|→|=>)$/;

/**
 * The stored version named before an arrow and a later one of the same thing after it
 * ("runs-on: ubuntu-20.04 → ubuntu-24.04"): the arrow says the change, whatever else either
 * statement says.
 *
 * @example Usage
 * ```ts
 * import { arrowUpgrade } from "./surface_version.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(arrowUpgrade("image: node-18.19 → node-20.11 everywhere", "CI images are node-18.19"), {
 *   attribute: "version",
 *   from: "node-18.19",
 *   to: "node-20.11",
 * });
 * ```
 */
export function arrowUpgrade(
  incoming: string,
  stored: string,
): { attribute: "version"; from: string; to: string } | null {
  if (!/->|→|=>/.test(incoming)) return null;
  const [mine, theirs] = [tokensFor(incoming), tokensFor(stored)];
  const olds = versionsOf(theirs);
  if (olds.length !== 1) return null;
  const old = olds[0]!;
  const at = mine.findIndex((t) => t.lower === theirs[old.index]!.lower);
  if (at < 0 || !ARROWS.test(mine[at + 1]?.lower ?? "")) return null;
  const next = versionsOf(mine).find((v) =>
    v.index > at + 1 && sameThing(old, v) && later(old.parts, v.parts)
  );
  return next ? { attribute: "version", from: old.text, to: next.text } : null;
}

/** The subject words of `s` that name something (not generic heads or bounds). */
function named(s: Statement): Set<string> {
  return new Set(s.terms.filter((t) => t.kind !== "weak" && t.kind !== "bound").map((t) => t.term));
}

/** Whether `s` says `term`: as a word, or, hyphenated, each of its parts. */
function says(s: Statement, term: string): boolean {
  return s.words.has(term) || term.includes("-") && term.split("-").every((w) => s.words.has(w));
}

/**
 * How `incoming` gives a later version of what `stored` gives a version of, read from the
 * surface (see the module doc), or null. The caller has ruled out proposals, additions and
 * events.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { surfaceUpgrade } from "./surface_version.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const stored = readStatement("The firmware is built against Zephyr 3.4.");
 * deepEqual(surfaceUpgrade(readStatement("firmware builds against Zephyr 3.7 LTS"), stored), { from: "3.4", to: "3.7" });
 * equal(surfaceUpgrade(readStatement("the bootloader builds against Zephyr 3.7"), stored), null);
 * ```
 */
export function surfaceUpgrade(
  incoming: Statement,
  stored: Statement,
): { from: string; to: string } | null {
  const [mine, theirs] = [tokensFor(incoming.text), tokensFor(stored.text)];
  const olds = versionsOf(theirs);
  if (olds.length !== 1) return null;
  const old = olds[0]!;
  for (const next of versionsOf(mine)) {
    if (!sameThing(old, next) || !later(old.parts, next.parts)) continue;
    // The stored version said again: only before an arrow, as what it was.
    const again = mine.findIndex((t) => t.lower === theirs[old.index]!.lower);
    if (again >= 0) {
      if (ARROWS.test(mine[again + 1]?.lower ?? "") && again < next.index) {
        return { from: old.text, to: next.text };
      }
      continue;
    }
    // The stored version's own token ("python:3.10-slim") is no subject word it must say.
    const written = theirs[old.index]!.lower;
    const missing = [...named(stored)].filter((w) => !says(incoming, w) && w !== written);
    const clause = mine[next.index]!.clause;
    const own = (from: number, to: number) =>
      new Set(
        mine.slice(from, to).filter((t) => t.clause === clause && t.kind === "word")
          .flatMap((t) => termsOf(t.lower)).filter((w) =>
            named(incoming).has(w) && !says(stored, w) && !WEAK_WORDS.test(w)
          ),
      );
    // What it names before the version is its subject: nothing the stored statement lacks
    // ("the docs build uses Node 20"); after it, a detail at most.
    if (
      missing.length === 0 && own(0, next.index).size === 0 &&
      own(next.index + 1, mine.length).size <= 1 && !/\bonly\b/i.test(incoming.text)
    ) {
      return { from: old.text, to: next.text };
    }
  }
  return null;
}
