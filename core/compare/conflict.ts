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
import { manyValued } from "./many_valued.ts";
import type { Statement, Term } from "./claims.ts";
import { looseSubject } from "./loose_subject.ts";
import { stanceConflict, stancesApart, statesStance } from "./stance.ts";
import { boundsAgree, sameKind } from "./subject_kind.ts";
import { modifiersOff, othersShared, ownValue, same, slotsOf, tied } from "./value_match.ts";
import { attributeTerms, stem, termsOf } from "./terms.ts";
import { deniedAct } from "./denial.ts";
import { attributeName, shown } from "./attribute_name.ts";
import type { Difference } from "./difference.ts";
import { idFillers } from "./id_fillers.ts";
import { oneSidedPlatform } from "./platform_words.ts";
import { keyedApart } from "./keyed_rows.ts";
import { namedValues, namesValue } from "./named_value.ts";
import { scopedByName } from "./scoped_name.ts";
import { undenied } from "./undenied.ts";
import { keptApart } from "./kept_apart.ts";
import { withAcronyms } from "./acronyms.ts";
import { withSameNames } from "./same_names.ts";
import { disputedOnly } from "./disputed_words.ts";
import { dateConflict, setsDate } from "./scheduled_dates.ts";
import { outlook } from "./outlook.ts";
import { suffixedDifference, writesSuffixed } from "./suffixed_numbers.ts";
import { typedSubject } from "./typed_subject.ts";
import { doerConflict, readAct } from "./acts.ts";
import { otherActs } from "./names.ts";
import { tokenize } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { maySurface, surfaceConflict } from "./surface_conflict.ts";
import { headlineConflict, headlineCore } from "./headline.ts";
import { narrowedBy } from "./path_narrowed.ts";
import { heldRole, ownerConflict } from "./owner_frames.ts";
import { choiceConflict } from "./choice_pairs.ts";
import { placeConflict, placed } from "./place_frames.ts";
import { measureConflict } from "./measure_pairs.ts";
import { mayWish, wishConflict } from "./wishes.ts";

export { same } from "./value_match.ts";
export { asserted } from "./asserted.ts";
import { asserted } from "./asserted.ts";
export { sameKind } from "./subject_kind.ts";
export { attributeName } from "./attribute_name.ts";
export type { Difference } from "./difference.ts";
export type { Conflict } from "./conflict_type.ts";
import type { Conflict } from "./conflict_type.ts";

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

/** The subject words of `terms` that tell subjects apart, without the attribute's words. */
function subjectOf(terms: readonly Term[], slots: readonly string[]): Set<string> {
  const attribute = new Set(slots.flatMap((slot) => [...attributeTerms(slot)]));
  return new Set(
    terms.filter((t) => t.kind !== "weak" && t.kind !== "bound" && !attribute.has(t.term))
      .map((t) => t.term),
  );
}

/**
 * Whether `a` and `b` are about the same subject once the attribute's own words are set
 * aside: every subject word of one is a subject word of the other, or at least a word the
 * other says somewhere ("10 database connections" / "… to the database").
 */
export function sameSubject(a: Statement, b: Statement, slots: readonly string[]): boolean {
  if (!sameKind(a, b) || !boundsAgree(a, b)) return false;
  const [x, y] = [subjectOf(a.terms, slots), subjectOf(b.terms, slots)];
  // A platform word only one side says, where the other says nothing of its own (`platform_words.ts`).
  const [pa, pb] = [oneSidedPlatform(a, b, x, y), oneSidedPlatform(b, a, y, x)];
  // (Not a word it says only as its value in dispute: "The billing team owns payments".)
  const says = (s: Statement, w: string) => s.words.has(w) && !disputedOnly(s, w, slots);
  return [...x].every((w) => y.has(w) || says(b, w) || pa.has(w)) &&
    [...y].every((w) => x.has(w) || says(a, w) || pb.has(w));
}

/** Words written capitalised or with a digit inside `text`: names, which tell subjects apart. */
function named(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/(?<=\S\s+)[\p{L}\p{N}][\p{L}\p{N}_.-]*/gu)) {
    if (/\p{Lu}|\d|_/u.test(m[0]) && !/^[A-Z0-9]+(?:_[A-Z0-9]+)+$/.test(m[0])) {
      out.add(m[0].toLowerCase());
    }
  }
  return out;
}

/**
 * Each side's value in dispute carries another value of its own that the other side lacks
 * ("stripe webhooks hit /hooks/stripe" / "github webhooks hit /hooks/github"): each value
 * names its own subject, two subjects.
 */
function apartByValues(
  a: Statement,
  b: Statement,
  va: readonly Value[],
  vb: readonly Value[],
  d: Difference,
): boolean {
  const own = (xs: readonly Value[], ys: readonly Value[], disputed: readonly Value[]) =>
    xs.some((v) =>
      !disputed.includes(v) && !ys.some((w) => same(v, w)) && v.norm.length >= 3 &&
      disputed.some((w) => w.norm.split(/[^\p{L}\p{N}]+/u).includes(v.norm))
    );
  return own(va, vb, d.a) && own(vb, va, d.b) || ownWord(a, d.a, b) && ownWord(b, d.b, a);
}

/** A word of `s` outside its values that its disputed value repeats (`deploy bot` → `#deploys`). */
function ownWord(s: Statement, disputed: readonly Value[], other: Statement): boolean {
  const outside = s.terms.map((t) => t.term);
  return disputed.some((v) =>
    v.norm.split(/[^\p{L}\p{N}]+/u).some((w) => {
      const t = stem(w);
      return t.length >= 3 && outside.includes(t) && !other.words.has(t);
    })
  );
}

/**
 * Whether `a` and `b` are about the same subject although one says more of it: they share a
 * subject word, and the words only one of them has are few and on one side only ("the
 * outbound http client timeout" / "outbound http calls time out") and none of them is a name
 * (a capitalised word, an identifier) or a qualifier: a second subject named beside the
 * first ("the billing api" / "the search api") is another subject.
 */
export function nearSubject(a: Statement, b: Statement, slots: readonly string[]): boolean {
  // One side names a kind of thing (a service) the other does not: the other may be a part of
  // it ("the X service" / "the X on-call rotation").
  const headless = (a.heads.size === 0) !== (b.heads.size === 0);
  if (!sameKind(a, b) || !boundsAgree(a, b)) return false;
  const [x, y] = [subjectOf(a.terms, slots), subjectOf(b.terms, slots)];
  const shared = [...x].filter((w) => y.has(w));
  // A word the other side says only inside a value (`/hooks/stripe`) names no subject there.
  const said = (s: Statement) => {
    const inValues = new Set(
      s.values.flatMap((v) => v.norm.split(/[\s./:@#_-]+/)).flatMap((w) => [w, ...termsOf(w)]),
    );
    return (w: string) => s.words.has(w) && !inValues.has(w);
  };
  const [inA, inB] = [said(a), said(b)];
  // A compound of words the other side says apart ("reset-password" / "password reset") and a
  // verb of the predicate ("standup happens at …") name no other subject.
  // ("inbox-tezo" / "tezo-inbox" are two names: the other side joins them too).
  // A setting's key whose parts are the attribute's or the other side's words is the attribute
  // ("scrape_interval" / "scrapes every 15s").
  const attribute = new Set(slots.flatMap((slot) => [...attributeTerms(slot)]));
  // An abbreviation of a word the other side says ("recon" / "reconciliation") is that word.
  const short = (w: string, s: Statement) =>
    w.length >= 5 && [...s.words].some((o) => o !== w && o.length > w.length && o.startsWith(w));
  const other = (w: string, theirs: ReadonlySet<string>, has: (w: string) => boolean) =>
    !PREDICATE_VERBS.has(w) && !short(w, theirs === y ? b : a) && !MANIFEST.test(w) &&
    !(w.includes("-") && w.split("-").every(has) && ![...theirs].some((t) => t.includes("-"))) &&
    !(w.includes("_") &&
      w.split("_").every((p) =>
        has(p) || attribute.has(p) || /^(?:interval|timeout|ttl|limit|max|min|size|count)$/.test(p)
      ));
  const onlyX = [...x].filter((w) =>
    !y.has(w) && !inB(w) && other(w, y, (p) => y.has(p) || inB(p))
  );
  const onlyY = [...y].filter((w) =>
    !x.has(w) && !inA(w) && other(w, x, (p) => x.has(p) || inA(p))
  );
  if (onlyX.length > 0 && onlyY.length > 0) return false;
  const extra = onlyX.length ? onlyX : onlyY;
  if (headless && extra.length > 0) return false;
  // One extra word needs two shared ones beside it; none left over means nothing tells the
  // two subjects apart (every word shared, said by the other side, a verb or the attribute's).
  if (extra.length > 1 || extra.length === 1 && shared.length < 2) return false;
  const names = new Set([...named(a.text), ...named(b.text)]);
  const qualifier = (s: Statement) =>
    s.terms.some((t) => extra.includes(t.term) && t.kind !== "strong");
  return !qualifier(a) && !qualifier(b) && !extra.some((w) => MEASURES.test(w)) &&
    !extra.some((w) => [...names].some((n) => n.startsWith(w))) &&
    !narrowed(onlyX.length ? a : b, extra);
}

/** Files that declare versions and settings: where a value is written, not what it is of. */
const MANIFEST =
  /^(?:requirements[._]txt|package[._]json|go[._]mod|gemfile|pom[._]xml|build[._]gradle(?:[._]kts)?|cargo[._]toml|pyproject[._]toml|\.nvmrc|\.?\w+-version|values[._]ya?ml|docker-compose[._]ya?ml|compose[._]ya?ml)$/;

/** Verbs that say how a subject has its value, not which subject (as subject-word stems). */
const PREDICATE_VERBS: ReadonlySet<string> = new Set(
  "happen take taken creat provision sourc truth lts canonical official length size count number amount valu setting styl format mod threshold send hit post serv leav depart scrap publish expos keep kept defin handl build built carry hold get gets go goe com call fire trigger writ read expir last allow requir need want give gav provid point sit live stor ship shipp"
    .split(" "),
);

/** Words that make a quantity another measure of the same thing (a target, not the value). */
const MEASURES =
  /^(?:target|goal|budget|sla|slo|expect|estimat|typical|averag|mean|median|peak|actual|observ|measur|p\d+)/;

/** A scope named after "for", "of", "running" ("Presigned URLs for data exports"). */
function narrowed(s: Statement, extra: readonly string[]): boolean {
  const words = s.text.toLowerCase().split(/[^\p{L}\p{N}'-]+/u);
  return words.some((w, i) =>
    extra.some((e) => w.startsWith(e)) &&
    words.slice(Math.max(0, i - 3), i).some((p) => /^(?:for|of|running|except|on)$/.test(p))
  );
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
export function conflictBetween(x: Statement, y: Statement): Conflict | null {
  // When the claims find none, the words' shapes may show one (`surface_conflict.ts`).
  const plain = plainFact(x) && plainFact(y) && !manyValued(x, y);
  // A headline is read by its label and first item (`headline.ts`).
  return byClaims(x, y) ??
    (plain
      ? surfaceConflict(x, y) ?? ownerConflict(x, y) ?? choiceConflict(x, y) ??
        placeConflict(x, y) ?? measureConflict(x, y) ?? wishConflict(x, y)
      : null) ??
    headlineConflict(x, y, conflictBetween);
}

/** The conflict read from the claims of both statements. */
function byClaims(x: Statement, y: Statement): Conflict | null {
  if (!plainFact(x) || !plainFact(y)) return dateConflict(x, y);
  // An acronym one writes is the words the other spells out ("the DPO" / "data protection officer").
  // One subject in other words ("back office" / "backoffice", "staff" / "employees").
  const [a, b] = withSameNames(...withAcronyms(x, y));
  // One verb that holds many objects at once ("ships on iOS" / "… on Android"): an addition.
  if (manyValued(a, b)) return null;
  const [va, vb] = [modifiersOff(a.text, asserted(a)), modifiersOff(b.text, asserted(b))];
  const diffs = tied(differences(va, vb, undenied(b), undenied(a)));
  if (diffs.length > 1) return null;
  if (diffs.length === 1) {
    const [d] = diffs;
    if (
      apartByValues(a, b, va, vb, d!) || narrowedBy(va, vb, d!.a, b) ||
      narrowedBy(vb, va, d!.b, a) || keyedApart(d!.a, d!.b) || scopedByName(a, b) ||
      scopedByName(b, a) || idFillers(d!.a, d!.b) || keptApart(a, b, d!)
    ) {
      return null;
    }
    // An unknown tool's conflict needs every other value shared: "Our GitHub org is acme" /
    // "Our npm org is acme-inc" name two things.
    const unknown = [...d!.a, ...d!.b].some((v) => v.slots.some((x) => x.startsWith("tool")));
    // (A name no lexicon knows may still be the value in dispute: `named_value.ts`.)
    if (unknown && (!othersShared(va, vb, d!) || toolActs(a, b, d!))) return unknownNames(a, b);
    // A number or port where each side names a thing of its own besides it ("postgres runs on
    // 5432" / "pgbouncer runs on 6432"): two subjects.
    const bare = d!.slots.every((x) => x === "num" || x === "port");
    if (bare && ownValue(va, d!.a, b) && ownValue(vb, d!.b, a)) return null;
    // A statement of its own change ("replaced winston with pino") is about its old value.
    const old = (s: Statement) =>
      s.values.some((v) => v.tense === "old" && v.slots.some((x) => d!.slots.includes(x)));
    if (old(a) || old(b)) return null;
    const one = sameSubject(a, b, d!.slots) || nearSubject(a, b, d!.slots) || loosely(a, b, d!);
    if (!one && !typedSubject(a, b, d!)) return unknownNames(a, b);
    // A setting's key names the attribute better than the kind of its value.
    const slot = d!.slots.find((s) => s.startsWith("key:")) ?? d!.slot;
    return { attribute: attributeName(slot), slot, values: [shown(d!.a), shown(d!.b)] };
  }
  if (stancesApart(a.text, b.text)) return null;
  return polarity(a, va, b) ?? polarity(b, vb, a, true) ?? stanceConflict(a.text, b.text) ??
    unknownNames(a, b) ??
    suffixedAmounts(a, b) ?? doerConflict(a, b);
}

/** Two amounts with one unit suffix no unit table reads ("10m" / "50m": `suffixed_numbers.ts`). */
function suffixedAmounts(a: Statement, b: Statement): Conflict | null {
  const d = suffixedDifference(a, b);
  if (!d || !sameSubject(a, b, d.slots) && !nearSubject(a, b, d.slots) && !typedSubject(a, b, d)) {
    return null;
  }
  return { attribute: "amount", slot: d.slot, values: [d.a[0]!.text, d.b[0]!.text] };
}

/** Two names no lexicon knows in the value's place (`named_value.ts`). */
function unknownNames(a: Statement, b: Statement): Conflict | null {
  const found = namedValues(a, b);
  return found && { attribute: "name", slot: "name", values: found.values };
}

/** Two unknown tools said of different acts (`names.ts`). */
function toolActs(a: Statement, b: Statement, d: Difference): boolean {
  return d.a.length === 1 && d.b.length === 1 &&
    otherActs(tokenize(a.text), d.a[0]!, tokenize(b.text), d.b[0]!);
}

/** Slots that name their attribute by the kind of value (paths, names and bare numbers do not). */
const TYPED =
  /^(?:tech|choice|version|port|region|qty|count|when|day|time|locale|role|tool|location):?/;

/** One subject read by structure, for values whose slot names the attribute (not a bare number). */
function loosely(a: Statement, b: Statement, d: Difference): boolean {
  // A bare number read into the other side's count is too little to go on ("concurrency is
  // 10" / "has three queues").
  const bare = [...d.a, ...d.b].some((v) => v.slots.length === 1 && v.slots[0] === "num");
  return !bare && d.slots.some((s) => TYPED.test(s)) &&
    looseSubject(a, b, d.slots, [...d.a, ...d.b]);
}

/** Whether `s` could contradict anything: a plain fact that states or denies a value or a stance. */
export function mayConflict(s: Statement): boolean {
  return (plainFact(s) || headlineCore(s.text) !== null) &&
      (s.values.some((v) => v.tense === "current" && v.kind !== "date") || statesStance(s.text) ||
        namesValue(s) || writesSuffixed(s) || readAct(s) !== null || maySurface(s) ||
        heldRole(s.text) !== null || placed(s.text) !== null || mayWish(s)) ||
    setsDate(s);
}

/** A statement that can contradict another: a current fact, not a proposal, addition or event. */
function plainFact(s: Statement): boolean {
  return !s.cues.hypothetical && !s.cues.additive && !s.cues.event && !s.cues.past &&
    !outlook(s.text);
}

/** `a` asserts a value `b` denies, about the same subject. */
function polarity(a: Statement, va: readonly Value[], b: Statement, swap = false): Conflict | null {
  for (const v of va) {
    const denied = b.values.find((w) =>
      w.negated && w.tense !== "old" && w.slots.some((s) => v.slots.includes(s)) &&
      w.norm === v.norm
    );
    // A choice's own words stay subject words here: "never push to main" and "open a PR
    // against main" deny and assert main of two different acts.
    const slots = v.slots.filter((s) => !s.startsWith("choice:"));
    if (!denied || !sameSubject(a, b, slots) && !nearSubject(a, b, slots)) continue;
    if (deniedAct(b, denied, a)) continue;
    const values: [string, string] = [v.text, `not ${denied.text}`];
    return {
      attribute: attributeName(v.slots[0]!),
      slot: v.slots[0]!,
      values: swap ? [values[1], values[0]] : values,
    };
  }
  return null;
}
