/**
 * Comparing two statements, the service consolidation and the contradiction sweep call:
 *
 * - by their claims ({@linkcode contradiction}, {@linkcode change}): what each says about
 *   which subject, in which attribute, with which value (`claims.ts`), and whether one
 *   contradicts (`conflict.ts`) or changes (`change.ts`) the other;
 * - word by word ({@linkcode compare}): how much two wordings overlap, for duplicates and
 *   refinements, which say the same thing rather than another value.
 *
 * A flag's provenance carries the attribute and the values ({@linkcode conflictRef}), so a
 * person sees what the conflict is about without reading both memories side by side.
 *
 * @module
 */
import { otherSpellings } from "./spellings.ts";
import type { Neighbour } from "../store/neighbours.ts";
import { contentWords, jaccard, NEGATIONS, words, wordsAt } from "../text/words.ts";
import { readStatement, type Statement } from "./claims.ts";
import { type Change, changeBetween, mayChange } from "./change.ts";
import { type Conflict, conflictBetween, mayConflict } from "./conflict.ts";
import { keyLike, keyOf } from "./settings.ts";
import { succession } from "./succession.ts";
import { attributeWords } from "./terms.ts";
import { tokenize } from "./tokens.ts";

export type { Change } from "./change.ts";
export type { Conflict } from "./conflict.ts";

/** The attribute two memories disagree on and their values (this one's, then the other's). */
export interface ConflictNote {
  /** What they disagree on, for people: "database", "port", "node version", "owner". */
  readonly attribute: string;
  /** The two values as written: this memory's, then the other's. */
  readonly values: readonly [string, string];
}

/**
 * How `content` contradicts `other`: the attribute and both values (`content`'s first), or null
 * when they do not contradict (another subject, another attribute, compatible values, or one
 * of them a proposal, an addition or an event).
 *
 * @example Usage
 * ```ts
 * import { contradiction } from "./statements.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * deepEqual(contradiction("The api service listens on port 4000.", "The api service runs on port 3000."), {
 *   attribute: "port",
 *   values: ["4000", "3000"],
 * });
 * equal(contradiction("The web service runs on port 4000.", "The api service runs on port 3000."), null);
 * ```
 */
export function contradiction(content: string, other: string): ConflictNote | null {
  // Most statements state no value that could conflict: the other is then not even read.
  const mine = readStatement(content);
  if (!mayConflict(mine)) return null;
  const found = conflictOf(mine, readStatement(other));
  return found && { attribute: found.attribute, values: found.values };
}

/** Conflicts read lately, by pair: a write asks `change()` and then `contradiction()` of each. */
const conflicts = new Map<string, Conflict | null>();
const CONFLICTS_KEPT = 256;

function conflictOf(mine: Statement, other: Statement): Conflict | null {
  const key = `${mine.text}\u0000${other.text}`;
  if (conflicts.has(key)) return conflicts.get(key)!;
  const found = conflictBetween(mine, other);
  if (conflicts.size >= CONFLICTS_KEPT) conflicts.clear();
  conflicts.set(key, found);
  return found;
}

/**
 * How `content` changes `stored`: it says something changed, about the same subject, and names
 * the stored value as the old one or gives another value in its place; null otherwise.
 *
 * @example Usage
 * ```ts
 * import { change } from "./statements.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(change("We switched the migrations from golang-migrate to goose.", "Migrations run with golang-migrate.")?.to, "goose");
 * equal(change("Someone proposed moving migrations to goose.", "Migrations run with golang-migrate."), null);
 * ```
 */
export function change(content: string, stored: string): Change | null {
  // Most statements say nothing changed and state no value: the stored one is then not even
  // read (a write compares itself with up to 16 neighbours, ~0.1 ms each to read).
  const mine = readStatement(content);
  const marked = mayChange(mine);
  if (!marked && !mayConflict(mine)) return null;
  const kept = readStatement(stored);
  // Without a change found, a conflict (read only where `contradiction()` reads one) whose new
  // value plainly replaces the old one (`succession.ts`: a known successor, or a value said with
  // its decision).
  return (marked ? changeBetween(mine, kept) : null) ??
    (mayConflict(mine) ? succession(mine, kept, conflictOf(mine, kept)) : null);
}

/** Kinds of value whose attribute a statement may leave unsaid ("in us-west-2"). */
const PLACE_OR_TIME = /^(?:region|port|day|when|time)$/;

/** Most words a neighbour query adds for the attributes a statement fills. */
const MAX_QUERY_WORDS = 4;

/**
 * The text to find a statement's neighbours with (the keyword channel): the statement, and a
 * few words that name the attributes of its technologies ("Our CDN is CloudFront" → "… asset
 * static edge"), so a memory that gives the same attribute in other words is found too
 * ("Static assets are served through Fastly").
 *
 * @example Usage
 * ```ts
 * import { neighbourQuery } from "./statements.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(neighbourQuery("Our CDN is CloudFront."), "Our CDN is CloudFront. asset assets static edge");
 * ```
 */
export function neighbourQuery(content: string): string {
  const statement = readStatement(content);
  const said = new Set(content.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const extra: string[] = [];
  for (const v of statement.values) {
    // A region, a port, a day or a time: the attribute's own name ("we run primarily in
    // us-west-2" finds "the primary region is us-east-1").
    if (v.kind !== "tech") {
      const name = v.slots.map((slot) => attributeWords(slot)[0]).find((w) => w !== undefined);
      if (
        PLACE_OR_TIME.test(v.kind) && name && extra.length < MAX_QUERY_WORDS && !said.has(name)
      ) {
        said.add(name);
        extra.push(name);
      }
      continue;
    }
    for (const slot of v.slots) {
      for (const w of attributeWords(slot)) {
        if (extra.length < MAX_QUERY_WORDS && !said.has(w) && /^[a-z]+$/.test(w)) {
          said.add(w);
          extra.push(w);
        }
      }
    }
  }
  // A setting's key in its other spellings ("minSdkVersion" finds "minSdk", "max_connections"
  // finds "maxConnections").
  for (const t of tokenize(content)) {
    if (!keyLike(t)) continue;
    const key = keyOf(t.text);
    for (const w of [key.replaceAll("_", ""), ...key.split("_")]) {
      if (extra.length < 2 * MAX_QUERY_WORDS && w.length >= 3 && !said.has(w)) {
        said.add(w);
        extra.push(w);
      }
    }
  }
  // The other spellings of its words ("production" finds "prod": `spellings.ts`).
  extra.push(...otherSpellings(content, MAX_QUERY_WORDS));
  return extra.length ? `${content} ${extra.join(" ")}` : content;
}

const REF = /^contradicts (.+?): ("(?:[^"\\]|\\.)*") vs ("(?:[^"\\]|\\.)*")$/;

/**
 * The provenance `ref` of a `contradicts` edge: the attribute and both values, readable and
 * parsed back by {@linkcode parseConflictRef}.
 *
 * @example Usage
 * ```ts
 * import { conflictRef, parseConflictRef } from "./statements.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const ref = conflictRef({ attribute: "database", values: ["SQLite", "Postgres"] });
 * equal(ref, 'contradicts database: "SQLite" vs "Postgres"');
 * deepEqual(parseConflictRef(ref), { attribute: "database", values: ["SQLite", "Postgres"] });
 * ```
 */
export function conflictRef(note: ConflictNote): string {
  const clip = (s: string) => JSON.stringify(s.length > 120 ? `${s.slice(0, 119)}…` : s);
  return `contradicts ${note.attribute.slice(0, 80)}: ${clip(note.values[0])} vs ${
    clip(note.values[1])
  }`;
}

/** The attribute and values of a {@linkcode conflictRef}, or null for another ref. */
export function parseConflictRef(ref: string | null | undefined): ConflictNote | null {
  const m = ref ? REF.exec(ref) : null;
  if (!m) return null;
  try {
    return { attribute: m[1]!, values: [JSON.parse(m[2]!), JSON.parse(m[3]!)] };
  } catch {
    return null;
  }
}

/** A neighbour compared with the candidate, word by word. */
export interface Comparison {
  readonly neighbour: Neighbour;
  /** Shared content words over all content words (Jaccard). */
  readonly overlap: number;
  /** Content words only the neighbour has. */
  readonly onlyOld: readonly string[];
  /** Content words only the candidate has. */
  readonly onlyNew: readonly string[];
  /** Whether a differing word is a value: it has a digit, or either text capitalises it. */
  readonly valuesDiffer: boolean;
  /** Whether both start with the same content word (their subject, usually). */
  readonly sameSubject: boolean;
  /** Whether one negates what the other states ("we use tabs" / "we don't use tabs"). */
  readonly polarityDiffers: boolean;
}

/**
 * Compares the candidate's content with a neighbour's, word by word.
 *
 * @example Usage
 * ```ts
 * import { compare } from "./statements.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const c = compare("Billing uses SQLite", { id: "m", type: "fact", status: "active", content: "Billing uses Postgres" });
 * deepEqual([c.onlyOld, c.onlyNew], [["postgre"], ["sqlite"]]);
 * equal(c.polarityDiffers, false);
 * ```
 */
export function compare(content: string, neighbour: Neighbour): Comparison {
  const freshOrder = contentWords(content);
  const oldOrder = contentWords(neighbour.content);
  const fresh = new Set(freshOrder);
  const old = new Set(oldOrder);
  const freshNegated = negatedWords(content);
  const oldNegated = negatedWords(neighbour.content);
  const onlyOld = [...old].filter((w) => !fresh.has(w));
  const onlyNew = [...fresh].filter((w) => !old.has(w));
  return {
    neighbour,
    // Two statements without a content word say the same nothing.
    overlap: fresh.size + old.size === 0 ? 1 : jaccard(fresh, old),
    onlyOld,
    onlyNew,
    sameSubject: freshOrder[0] !== undefined && freshOrder[0] === oldOrder[0],
    valuesDiffer: valuesDiffer(onlyNew, onlyOld, content, neighbour.content),
    polarityDiffers: negates(freshNegated, old, oldNegated) ||
      negates(oldNegated, fresh, freshNegated),
  };
}

/** Whether a differing word is a number or a name (capitalised in either text). */
function valuesDiffer(
  onlyNew: readonly string[],
  onlyOld: readonly string[],
  fresh: string,
  old: string,
): boolean {
  const differing = [...onlyNew, ...onlyOld];
  if (differing.length === 0) return false;
  if (differing.some((word) => /\d/.test(word))) return true;
  const names = new Set([...capitalisedWords(fresh), ...capitalisedWords(old)]);
  return differing.some((word) => names.has(word));
}

/** The content words `text` writes with a capital letter anywhere but at its very start. */
function capitalisedWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const { word, index } of wordsAt(text)) {
    if (index === 0 || !/\p{Lu}/u.test(word)) continue;
    for (const content of contentWords(word)) out.add(content);
  }
  return out;
}

/** Content words within three words after a negation ("don't use tabs" → tab). */
function negatedWords(text: string): Set<string> {
  const all = words(text);
  const negated = new Set<string>();
  all.forEach((word, i) => {
    if (!NEGATIONS.test(word)) return;
    for (const next of all.slice(i + 1, i + 4)) {
      for (const w of contentWords(next)) negated.add(w);
    }
  });
  return negated;
}

/** Whether `a` negates a word `b` states plainly. */
function negates(a: ReadonlySet<string>, b: ReadonlySet<string>, bNegated: ReadonlySet<string>) {
  for (const word of a) if (b.has(word) && !bNegated.has(word)) return true;
  return false;
}
