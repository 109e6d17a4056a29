/**
 * A change said with the new value in the main clause and the old one demoted to a side
 * clause, with or without a change word: "Builds run on Buildkite; the Bamboo agents were
 * wiped", "Mocha — not Jasmine — runs the tests now", "pylint is dead to us, ruff lints",
 * "Deploy keys come from the `keyvend` sidecar. keyfetch-init isn't deployed anymore",
 * "moved to Godot 4, the Unity 2022 editors can't open it".
 *
 * The side clause (`side_clause.ts`) must name a value of the stored statement (as a whole, as
 * one member of a list or a plural, or by its first word with another head: "Bamboo agents"
 * for "the Bamboo server"), as the subject or object of a predicate of ending. Another part
 * must give the new value: a value of the same kind in a slot of the old one, or, for an old
 * value no lexicon knows, a name the stored statement never says. The stored value is the link
 * between the two statements, so no subject word need be shared; what tells another subject
 * apart is what the main clause names of its own while the stored statement names a subject
 * the incoming one never says ("Training jobs run on the B200 pool; the old A40 nodes were
 * returned" leaves "Inference runs on A40s"), a scope it gives, or a head after the old value
 * that names a part of it rather than the thing ("the Slack alert channel was archived").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { asserted, same } from "./conflict.ts";
import { tokensFor } from "./cached_tokens.ts";
import { otherScope } from "./own_subject.ts";
import { labelSubject } from "./label.ts";
import { attributeTerms, termsOf } from "./terms.ts";
import { ENDING_STATES, NEGATORS, USE_WORDS } from "./ending_predicates.ts";
import { partsOf, sideEnded } from "./side_clause.ts";
import { ITSELF } from "./thing_heads.ts";
import { STOPWORDS } from "../text/stopwords.ts";
import type { Token } from "./tokens.ts";
import { type Value, value } from "./value_types.ts";

/** What ended in the side clause, and what holds now. */
export interface Demoted {
  readonly attribute: "statement";
  readonly from: string;
  readonly to: string;
}

/** Kinds of value that name a thing. */
const NAMING = new Set(["tech", "name", "path", "host", "url", "choice", "person"]);

/** A name of hyphenated parts, six letters or more ("vault-injector", "auth-api"). */
const COMPOUND = /^(?=.{6})[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/;

/** An identifier's shape: letters and digits joined, or parts joined by `.`, `_`, `/`, `@`. */
const IDENT = /[a-z]-?\d|\d[a-z]|\w[._/@]\w/i;

/** A name written as one: code, an identifier, or a capitalised word inside a sentence. */
function shaped(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind === "code") return true;
  if (t.kind !== "word" || t.reason) return false;
  return IDENT.test(t.lower) || t.cap && i > 0 && t.lower.length >= 3 &&
      !/^[.!?:;—]$/.test(tokens[i - 1]!.lower);
}

/** The stored values that may have ended: its named values, versions, and names as written. */
function oldValues(stored: Statement, incoming: Statement): Value[] {
  const held = asserted(stored).filter((w) =>
    NAMING.has(w.kind) ||
    w.kind === "version" && (w.norm.includes(".") || w.slots.some((x) => x.startsWith("version:")))
  );
  const tokens = tokensFor(stored.text);
  const inValue = (i: number) => stored.values.some((v) => v.start <= i && i < v.end);
  // And a hyphenated name both statements write whole ("vault-injector"), when it is no value.
  const mine = new Set(tokensFor(incoming.text).map((t) => t.lower));
  const compound = (t: Token) =>
    t.kind === "word" && COMPOUND.test(t.lower) && mine.has(t.lower) && !ENDING_STATES.has(t.lower);
  const named = tokens.flatMap((t, i) =>
    (shaped(tokens, i) || compound(t)) && !inValue(i) && !held.some((w) => w.norm === t.lower)
      ? [value("name", [], t.lower, tokens, i, i + 1)]
      : []
  );
  return [...held, ...named];
}

/** A token naming `w`: as a whole, one member of a `/` list, a plural, or its first word. */
function names(t: Token, next: Token | undefined, w: Value): boolean {
  if (t.kind === "punct") return false;
  const forms = t.lower.split("/").flatMap((x) => [x, x.replace(/(?<=\w{2})s$/, "")]);
  // A bare version ("16") is named only as a value of its technology (`mentions`).
  if (w.kind === "version" && !w.norm.includes(".")) return false;
  if (forms.includes(w.norm)) return true;
  const head = w.norm.split(/[\s./:@]/)[0]!;
  // Its first word, unless another name follows it ("Google Workspace" is not "Google Cloud").
  return w.kind !== "version" && head.length >= 3 && head !== w.norm && forms.includes(head) &&
    !(next?.cap && next.kind === "word" && !w.norm.includes(next.lower));
}

/** The token ranges of `incoming` that name `w`. */
function mentions(
  incoming: Statement,
  tokens: readonly Token[],
  w: Value,
): [number, number, boolean][] {
  const byValue = incoming.values.filter((v) => same(v, w)).map((v) => [v.start, v.end, false]);
  const byToken = tokens.flatMap((t, i) => names(t, tokens[i + 1], w) ? [[i, i + 1, false]] : []);
  // A host by the label only it has ("the corp one" for vpn.corp.example.io beside gw2.vpn…).
  const labels = hostLabels(incoming, w);
  const byLabel = tokens.flatMap((t, i) =>
    labels.has(t.lower) &&
      /^(?:one|box|host|server|endpoint|domain|url)$/.test(tokens[i + 1]?.lower ?? "")
      ? [[i, i + 2, true]]
      : []
  );
  return [...byValue, ...byToken, ...byLabel] as [number, number, boolean][];
}

/** Labels of a host or URL no host or URL of `incoming` has, and no generic one. */
function hostLabels(incoming: Statement, w: Value): Set<string> {
  if (w.kind !== "host" && w.kind !== "url") return new Set();
  const split = (norm: string) => norm.split(/[.:/]+/).filter((x) => /^[a-z][a-z-]{2,}$/.test(x));
  const theirs = new Set(
    incoming.values.filter((v) => v.kind === "host" || v.kind === "url").flatMap((v) =>
      split(v.norm)
    ),
  );
  return new Set(split(w.norm).filter((x) => !theirs.has(x) && !GENERIC_LABELS.test(x)));
}

/** Labels any host may have. */
const GENERIC_LABELS =
  /^(?:www|com|net|org|dev|app|internal|local|api|cloud|corp-?net|https?|prod|cdn|static|web)$/;

/** A head after the mention that names a part or a use of the old value, not the value. */
function partHead(tokens: readonly Token[], end: number, stored: Statement): boolean {
  const t = tokens[end];
  if (!t || t.kind !== "word" || t.cap || t.clause !== tokens[end - 1]!.clause) return false;
  const w = t.lower;
  if (STOPWORDS.has(w) || ITSELF.has(w) || ENDING_STATES.has(w) || USE_WORDS.has(w)) return false;
  if (NEGATORS.test(w) || /(?:ed|n't)$/.test(w) || w.length < 3) return false;
  return !termsOf(w).some((x) => stored.words.has(x));
}

/** The new value: outside the side part, of the old value's kind, the stored side lacks. */
function newValue(
  incoming: Statement,
  stored: Statement,
  tokens: readonly Token[],
  outside: (i: number) => boolean,
  old: Value,
): { text: string; slotted: boolean } | null {
  const parts = partsOf(tokens);
  const deniedHere = (v: Value) =>
    tokens.some((t, i) => parts[i] === parts[v.start] && NEGATORS.test(t.lower));
  const fresh = incoming.values.filter((v) =>
    v.tense === "current" && v.kind !== "date" && !(v.negated && deniedHere(v)) &&
    !v.slots.includes("state") && outside(v.start) && !stored.values.some((w) => same(v, w)) &&
    !stored.words.has(v.norm) && (old.kind === "version") === (v.kind === "version") &&
    (NAMING.has(v.kind) || v.kind === "version")
  );
  const slotted = fresh.find((v) => v.slots.some((s) => old.slots.includes(s)));
  if (slotted) return { text: slotted.text, slotted: true };
  if (old.kind === "version") return null;
  // Two technologies of different slots are two things, not one replacing the other, unless
  // the main clause names the old one's attribute ("ruff does lint + format" for a formatter).
  const attribute = new Set(old.slots.flatMap((slot) => [...attributeTerms(slot)]));
  const says = tokens.some((t, i) => outside(i) && termsOf(t.lower).some((w) => attribute.has(w)));
  const loose = fresh.find((v) => !(v.kind === "tech" && old.kind === "tech") || says);
  if (loose) return { text: loose.text, slotted: false };
  const valued = new Set(incoming.values.flatMap((v) => range(v.start, v.end)));
  // A hyphenated name stands for one no lexicon knows when the old one is written so too.
  const hyphened = (t: Token) => COMPOUND.test(old.norm) && COMPOUND.test(t.lower);
  const i = tokens.findIndex((t, i) =>
    outside(i) && (shaped(tokens, i) || hyphened(t)) && !t.paren && !valued.has(i) &&
    // An identifier is said only as a whole ("kube-secrets-sync" is no "secrets").
    !(t.kind === "code" || /[-._/@]/.test(t.lower) ? [t.lower] : [...termsOf(t.lower), t.lower])
      .some((w) => stored.words.has(w))
  );
  return i < 0 ? null : { text: tokens[i]!.text, slotted: false };
}

/** Where a clause's subject ends: a verb of being, use or place, or a preposition. */
const PIVOT =
  /^(?:is|are|was|were|be|been|has|have|had|does|do|did|uses?|used|runs?|ran|goes|go|went|lives?|sits?|gets?|got|needs?|requires?|on|in|at|to|into|onto|with|via|from|by|through|for|:|=)$/;

/** The subject words of `s` in the parts `keep` allows: its words before each part's pivot. */
function subjectWords(s: Statement, keep: (i: number) => boolean): Set<string> {
  const tokens = tokensFor(s.text);
  const parts = partsOf(tokens);
  const valued = new Set(s.values.flatMap((v) => range(v.start, v.end)));
  const out = new Set<string>();
  let pivoted = -2;
  tokens.forEach((t, i) => {
    if (PIVOT.test(t.lower)) pivoted = parts[i]!;
    if (pivoted === parts[i] || !keep(i) || valued.has(i) || t.kind !== "word" || t.paren) return;
    for (const w of termsOf(t.lower)) out.add(w);
  });
  // Generic heads and environments too: "CI builds" and "load tests" are two subjects.
  const named = new Set(s.terms.filter((t) => t.kind !== "bound").map((t) => t.term));
  return new Set([...out].filter((w) => named.has(w)));
}

/**
 * The main clause names a subject of its own while the stored statement names one the incoming
 * statement never says ("Training jobs run on …; the old A40 nodes were returned" after
 * "Inference runs on A40s"): two subjects, whatever value ended beside them.
 */
function twoSubjects(
  incoming: Statement,
  stored: Statement,
  main: (i: number) => boolean,
  weak: boolean,
): boolean {
  const mine = subjectWords(incoming, main);
  // Named by a label only ("the corp one"), the stored value is weak evidence of one subject:
  // without subject words of its own, all the stored statement's terms are its subject.
  const before = subjectWords(stored, () => true);
  const theirs = before.size > 0 || !weak
    ? before
    : new Set(stored.terms.filter((t) => t.kind !== "bound").map((t) => t.term));
  return [...mine].some((w) => !stored.words.has(w)) && ![...mine].some((w) => theirs.has(w)) &&
    [...theirs].some((w) => !incoming.words.has(w));
}

/**
 * How `incoming` demotes the stored value to a side clause that ends it, with a new value in
 * another part, or null (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { demotedChange } from "./demoted.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("CI builds run on a Bamboo server.");
 * equal(demotedChange(readStatement("CI builds: Buildkite; the Bamboo agents were wiped"), stored)?.from, "Bamboo");
 * equal(demotedChange(readStatement("Load tests run on Buildkite; the Bamboo agents were wiped"), stored), null);
 * ```
 */
export function demotedChange(incoming: Statement, stored: Statement): Demoted | null {
  if (incoming.cues.hypothetical || incoming.cues.additive) return null;
  const tokens = tokensFor(incoming.text);
  const parts = partsOf(tokens);
  if (new Set(parts.filter((p) => p >= 0)).size < 2) return null;
  for (const old of oldValues(stored, incoming)) {
    for (const [start, end, byLabel] of mentions(incoming, tokens, old)) {
      if (!sideEnded(tokens, parts, start, end)) continue;
      const part = parts[start]!;
      const outside = (i: number) => parts[i] !== part && parts[i] !== -1;
      const found = newValue(incoming, stored, tokens, outside, old);
      if (!found) continue;
      if (!found.slotted && partHead(tokens, end, stored)) continue;
      if (
        twoSubjects(incoming, stored, outside, byLabel) ||
        labelSubject(incoming, stored, old.slots) || otherScope(incoming, stored, (i) =>
          !outside(i))
      ) return null;
      return { attribute: "statement", from: old.text, to: found.text };
    }
  }
  return null;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** Whether `text` may demote a value at all: two parts, and a predicate of ending in one. */
export function demotedCue(text: string): boolean {
  const tokens = tokensFor(text);
  let found = CUED.get(tokens);
  if (found === undefined) {
    const parts = partsOf(tokens);
    found = new Set(parts.filter((p) => p >= 0)).size >= 2 &&
      tokens.some((_, i) => i > 0 && sideEnded(tokens, parts, i, i + 1));
    CUED.set(tokens, found);
  }
  return found;
}

/** {@linkcode demotedCue}, remembered per token list (token lists are cached by text). */
const CUED = new WeakMap<readonly Token[], boolean>();
