/**
 * Reading a short statement into what it claims: its values, each in the slot of an attribute
 * (see `values.ts`, `roles.ts`), the words of its subject (what is left: "we"/"our" and other
 * soft words say nothing, so a statement about "we" is about its scope), the qualifiers that
 * scope it (environment, platform, region), and how it is meant (`cues.ts`: a change and its
 * old values, a proposal, an addition, an event). Deterministic and cached: the sweep reads
 * each memory once however many neighbours it is compared with.
 *
 * @module
 */
import { NEGATIONS } from "../text/words.ts";
import { type Cues, readCues } from "./cues.ts";
import { QUALIFIERS, WEAK, WEAK_GROUPS } from "./lexicon.ts";
import { readHolders } from "./holders.ts";
import { readNamedVersions } from "./named_versions.ts";
import { readNames } from "./names.ts";
import { readRoles } from "./roles.ts";
import { readSettings } from "./settings.ts";
import { readSwitches } from "./switches.ts";
import { stem, synonym, termsOf } from "./terms.ts";
import { tokenize } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { readValues } from "./values.ts";
import { readLocations } from "./locations.ts";
import { plainForm } from "./forms.ts";
import { capitalQualifier } from "./capital_qualifiers.ts";

/** A word of a statement's subject. */
export interface Term {
  /** The stem of its synonym (`databases` → `databas`). */
  readonly term: string;
  /**
   * `weak`: a generic head (`service`, `app`); a qualifier kind (`bound`: max, min, default —
   * told apart only when both statements name one); or `strong`.
   */
  readonly kind: "strong" | "weak" | "environment" | "platform" | "region" | "bound";
}

/** A statement read into claims. */
export interface Statement {
  readonly text: string;
  /** Its values (see {@linkcode Value}); `tense` and `negated` say how each is claimed. */
  readonly values: readonly Value[];
  /** The words of its subject, outside values, reasons, parentheses and old values. */
  readonly terms: readonly Term[];
  /** Every subject-like word of the statement, values' words included (to find a named old value). */
  readonly words: ReadonlySet<string>;
  /** The words of what it names as old ("from MySQL", "the shared staging DB … replaced"). */
  readonly oldWords: ReadonlySet<string>;
  /** How it is meant. */
  readonly cues: Cues;
  /** Its subject as words, for display. */
  readonly subject: string;
  /** The kinds of its generic heads (a service, a repo, a pod…), by group index. */
  readonly heads: ReadonlySet<number>;
}

const CACHE_LIMIT = 4_096;
const cache = new Map<string, Statement>();

/**
 * Reads `text` into claims.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const s = readStatement("We migrated user accounts from MySQL to PostgreSQL 16.");
 * deepEqual(s.values.map((v) => [v.norm, v.tense]), [["mysql", "old"], ["postgresql", "current"], ["16", "current"]]);
 * equal(s.cues.strong, true);
 * ```
 */
export function readStatement(text: string): Statement {
  const hit = cache.get(text);
  if (hit) return hit;
  const statement = read(plainForm(text));
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, statement);
  return statement;
}

function read(text: string): Statement {
  const tokens = tokenize(text);
  const { values, used, identifiers } = readValues(tokens);
  readNamedVersions(tokens, values, identifiers, used);
  values.push(...readRoles(tokens, used));
  values.push(...readHolders(tokens, used));
  values.push(...readSwitches(tokens, used));
  values.push(...readNames(tokens, used, values));
  readSettings(tokens, values, used, identifiers);
  readLocations(tokens, values, used);
  // A reason ("since the Redis cost review") states no value of the subject.
  const stated = values.filter((v) => !tokens[v.start]!.reason).sort((a, b) => a.start - b.start);
  const cues = readCues(tokens, stated);
  const terms: Term[] = [];
  const words = new Set<string>(identifiers.values());
  const oldWords = new Set<string>();
  const shown: string[] = [];
  tokens.forEach((t, i) => {
    if (t.kind === "punct") return;
    let parts = t.kind === "word" && !/[./:@#_]/.test(t.lower)
      ? termsOf(t.lower)
      : [t.lower, ...t.lower.split(/[-./:@#_]+/).flatMap(termsOf)];
    // A soft word written as a name inside a sentence is a name ("uses Provider").
    if (parts.length === 0 && t.cap && i > 0 && /^\p{L}{3,}$/u.test(t.lower)) parts = [t.lower];
    if (!t.reason) { for (const w of parts) words.add(w); }
    if (cues.oldTokens.has(i)) { for (const w of parts) oldWords.add(w); }
    if (t.reason || t.paren || cues.oldTokens.has(i) || cues.cueTokens.has(i)) return;
    const id = identifiers.get(i);
    if (id !== undefined) {
      terms.push({ term: id, kind: "strong" });
      shown.push(t.text);
    }
    if (used[i]) return;
    if (t.kind !== "word" || NEGATIONS.test(t.lower) || t.lower.startsWith("'")) return;
    if (/^(?:dislikes?|hates?|avoids?)$/.test(t.lower)) return;
    const found = termsOf(t.lower);
    for (const term of found) terms.push({ term, kind: kindOf(t.lower, term) });
    // "US customers": a region in capitals, not the pronoun.
    const region = found.length === 0 ? capitalQualifier(t.text) : null;
    if (region) terms.push({ term: region.term, kind: region.kind as Term["kind"] });
    // "inbox-tezo" is not "tezo-inbox": a hyphenated name is also a term as a whole.
    if (found.length > 1 && t.lower.includes("-")) {
      terms.push({ term: found.join("-"), kind: "strong" });
    }
    if (found.length) shown.push(t.text);
  });
  // Two words in a row are also said joined ("the orders service" says "orders-service").
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [a, b] = [tokens[i]!, tokens[i + 1]!];
    if (a.kind !== "word" || b.kind !== "word" || a.reason || b.reason) continue;
    const [x, y] = [termsOf(a.lower), termsOf(b.lower)];
    if (x.length && y.length) words.add(`${x.join("-")}-${y.join("-")}`);
  }
  // A value's parts as written and as subject words ("docs.acme.dev" says "documentation").
  for (const v of stated) {
    for (const w of v.norm.split(/[\s./:@#_-]+/)) {
      if (!w) continue;
      words.add(w);
      for (const t of termsOf(w)) words.add(t);
    }
  }
  return {
    text,
    values: stated,
    terms,
    words,
    oldWords,
    cues,
    subject: shown.join(" "),
    heads: new Set(
      terms.filter((t) => t.kind === "weak").flatMap((t) => HEAD_GROUPS.get(t.term) ?? []),
    ),
  };
}

const QUALIFIER_STEMS = new Map(
  [...QUALIFIERS].map(([w, kind]) => [stem(w), [kind, w] as const]),
);
const WEAK_STEMS = new Set([...WEAK].map(stem));
const HEAD_GROUPS = new Map<string, number[]>();
WEAK_GROUPS.forEach((group, i) => {
  for (const w of group) {
    for (const key of new Set([stem(w), stem(synonym(w))])) {
      HEAD_GROUPS.set(key, [...(HEAD_GROUPS.get(key) ?? []), i]);
    }
  }
});

function kindOf(lower: string, term: string): Term["kind"] {
  // A qualifier's inflection counts, a shorter word of the same stem does not ("window" is
  // not "windows").
  const stemmed = QUALIFIER_STEMS.get(term);
  const qualifier = QUALIFIERS.get(synonym(lower)) ??
    (stemmed && lower.length >= stemmed[1].length ? stemmed[0] : undefined);
  if (qualifier) return qualifier as Term["kind"];
  return WEAK.has(synonym(lower)) || WEAK_STEMS.has(term) ? "weak" : "strong";
}
