/**
 * When two statements contradict: they are about the same subject and give incompatible
 * values for the same attribute. Concretely, both are plain current facts (not proposals,
 * additions, events or past states); exactly one attribute has values on both sides that do
 * not meet (the others agree or are said by one side only); and their subjects are the same
 * words once the attribute's own words are set aside, with the same environment, platform
 * and region. Sharing words, a project or a sentence frame is not evidence. A value one side
 * states and the other denies ("we use tabs" / "we don't use tabs") is a conflict too.
 *
 * @module
 */
import type { Statement, Term } from "./claims.ts";
import { attributeTerms } from "./terms.ts";
import type { Value } from "./value_types.ts";

/** What two statements disagree on. */
export interface Conflict {
  /** The attribute, for people ("database", "port", "node version", "owner"). */
  readonly attribute: string;
  /** The slot it was read in (`tech:database`, `port`, `version:node`). */
  readonly slot: string;
  /** The first statement's value, then the second's, as written. */
  readonly values: readonly [string, string];
}

/** A disagreement: the slots it was read in, and the values of each side. */
export interface Difference {
  /** The first slot, and every slot the same pair of values was read in. */
  readonly slot: string;
  readonly slots: readonly string[];
  readonly a: readonly Value[];
  readonly b: readonly Value[];
}

/** The values a statement asserts now: not old, not denied, not an event's date. */
export function asserted(s: Statement): Value[] {
  return s.values.filter((v) => v.tense === "current" && !v.negated && v.kind !== "date");
}

/** The slots of `v`; a bare number also fills the other side's counts ("88" / "120 characters"). */
function slotsOf(v: Value, other: readonly Value[]): readonly string[] {
  if (!v.slots.includes("num")) return v.slots;
  return [...v.slots, ...other.flatMap((w) => w.slots.filter((s) => s.startsWith("count:")))];
}

/**
 * The slots where both sides assert values and none is shared, grouped so that one pair of
 * values read into several slots (Redis: `tech:cache`, `tech:database`) counts once.
 */
export function differences(
  a: readonly Value[],
  b: readonly Value[],
  bWords: ReadonlySet<string>,
  aWords: ReadonlySet<string>,
): Difference[] {
  const sa = new Map(a.map((v) => [v, slotsOf(v, b)]));
  const sb = new Map(b.map((v) => [v, slotsOf(v, a)]));
  const slots = new Set(
    [...sa.values()].flat().filter((slot) => [...sb.values()].some((s) => s.includes(slot))),
  );
  const out: Difference[] = [];
  const key = (vs: readonly Value[]) => vs.map((v) => v.norm).sort().join("|");
  for (const slot of slots) {
    const inA = a.filter((v) => sa.get(v)!.includes(slot));
    const inB = b.filter((v) => sb.get(v)!.includes(slot));
    if (inA.some((v) => inB.some((w) => same(v, w)))) continue;
    // Two values of one slot not listed together relate to each other ("Postgres runs on
    // RDS"): neither is the subject's one value.
    if (!listed(inA) || !listed(inB)) continue;
    // A value the other side also names, in any role, is not a different value.
    if (inA.some((v) => bWords.has(v.norm)) || inB.some((w) => aWords.has(w.norm))) continue;
    const found = out.find((d) => key(d.a) === key(inA) && key(d.b) === key(inB));
    if (found) (found.slots as string[]).push(slot);
    else out.push({ slot, slots: [slot], a: inA, b: inB });
  }
  return out;
}

/** Whether several values are one list ("Tuesdays and Thursdays", "JSON or MessagePack"). */
function listed(values: readonly Value[]): boolean {
  const sorted = [...values].sort((x, y) => x.start - y.start);
  return sorted.every((v, i) => i === 0 || v.start - sorted[i - 1]!.end <= 1);
}

/** Whether two values are the same: equal, or a version and its refinement (`3.3` / `3.3.0`). */
export function same(v: Value, w: Value): boolean {
  if (v.norm === w.norm) return true;
  if (v.kind !== "version" || w.kind !== "version") return false;
  const [x, y] = [v.norm.split("."), w.norm.split(".")];
  const n = Math.min(x.length, y.length);
  return x.slice(0, n).join(".") === y.slice(0, n).join(".");
}

/** The subject words of `terms` that tell subjects apart, without the attribute's words. */
function subjectOf(terms: readonly Term[], slots: readonly string[]): Set<string> {
  const attribute = new Set(slots.flatMap((slot) => [...attributeTerms(slot)]));
  return new Set(
    terms.filter((t) => t.kind !== "weak" && t.kind !== "bound" && !attribute.has(t.term))
      .map((t) => t.term),
  );
}

/** The bounds a statement names (max, min, default); two different ones are two attributes. */
function boundsAgree(a: Statement, b: Statement): boolean {
  const bounds = (s: Statement) =>
    new Set(s.terms.filter((t) => t.kind === "bound").map((t) => t.term));
  const [x, y] = [bounds(a), bounds(b)];
  return x.size === 0 || y.size === 0 || [...x].some((w) => y.has(w));
}

/**
 * Whether `a` and `b` are about the same subject once the attribute's own words are set
 * aside: every subject word of one is a subject word of the other, or at least a word the
 * other says somewhere ("10 database connections" / "… to the database").
 */
export function sameSubject(a: Statement, b: Statement, slots: readonly string[]): boolean {
  if (!sameKind(a, b) || !boundsAgree(a, b)) return false;
  const [x, y] = [subjectOf(a.terms, slots), subjectOf(b.terms, slots)];
  return [...x].every((w) => y.has(w) || b.words.has(w)) &&
    [...y].every((w) => x.has(w) || a.words.has(w));
}

/** No two different kinds of thing: "the checkout service" is not "the checkout page". */
export function sameKind(a: Statement, b: Statement): boolean {
  return a.heads.size === 0 || b.heads.size === 0 || [...a.heads].some((h) => b.heads.has(h));
}

/** A slot's name for people. */
export function attributeName(slot: string): string {
  const [kind, rest] = [slot.split(":")[0]!, slot.slice(slot.indexOf(":") + 1)];
  switch (kind) {
    case "tech":
    case "choice":
    case "role":
      return rest.replaceAll("-", " ");
    case "version":
      return `${rest} version`;
    case "count":
      return `number of ${rest}s`;
    case "qty":
      return rest === "cpu" ? "CPU" : rest;
    case "num":
      return "number";
    case "when":
      return "day and time";
    case "url":
      return "URL";
    default:
      return slot;
  }
}

function shown(values: readonly Value[]): string {
  return values.map((v) => v.text).join(", ");
}

/**
 * The conflict between two statements, or null when they do not contradict (see the module
 * doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { conflictBetween } from "./conflict.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const port = (text: string) => readStatement(text);
 * deepEqual(
 *   conflictBetween(port("The orders service listens on port 8080."), port("orders-service runs on port 3001."))?.values,
 *   ["8080", "3001"],
 * );
 * equal(conflictBetween(port("Grafana listens on port 3000."), port("Prometheus listens on port 9090.")), null);
 * ```
 */
export function conflictBetween(a: Statement, b: Statement): Conflict | null {
  if (!plainFact(a) || !plainFact(b)) return null;
  const [va, vb] = [asserted(a), asserted(b)];
  const diffs = differences(va, vb, b.words, a.words);
  if (diffs.length > 1) return null;
  if (diffs.length === 1) {
    const [d] = diffs;
    if (!sameSubject(a, b, d!.slots)) return null;
    return { attribute: attributeName(d!.slot), slot: d!.slot, values: [shown(d!.a), shown(d!.b)] };
  }
  return polarity(a, va, b) ?? polarity(b, vb, a, true);
}

/** Whether `s` could contradict anything: a plain fact that states or denies a value. */
export function mayConflict(s: Statement): boolean {
  return plainFact(s) && s.values.some((v) => v.tense === "current" && v.kind !== "date");
}

/** A statement that can contradict another: a current fact, not a proposal, addition or event. */
function plainFact(s: Statement): boolean {
  return !s.cues.hypothetical && !s.cues.additive && !s.cues.event && !s.cues.past;
}

/** `a` asserts a value `b` denies, about the same subject. */
function polarity(a: Statement, va: readonly Value[], b: Statement, swap = false): Conflict | null {
  for (const v of va) {
    const denied = b.values.find((w) =>
      w.negated && w.tense !== "old" && w.slots.some((s) => v.slots.includes(s)) &&
      w.norm === v.norm
    );
    if (!denied || !sameSubject(a, b, v.slots)) continue;
    const values: [string, string] = [v.text, `not ${denied.text}`];
    return {
      attribute: attributeName(v.slots[0]!),
      slot: v.slots[0]!,
      values: swap ? [values[1], values[0]] : values,
    };
  }
  return null;
}
