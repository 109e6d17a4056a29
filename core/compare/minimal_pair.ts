/**
 * Minimal pairs, read without a lexicon: two statements whose words (function words aside,
 * `surface_values.ts`) are the same but for one span on each side, where both spans are
 * value-shaped (a number, a version, a code, a name), the span closes the predicate (it comes
 * after at least two shared words that carry the subject, and at most a qualifier of place or
 * environment follows it), contradict: "Card payouts settle in T+2." / "Card payouts settle
 * T+1."; "El servicio de inventario escucha en el puerto 7070." / "… 7171.". This holds in any
 * language, since only the shape of the words is read.
 *
 * Apart stay: a span that opens the statement or sits before the words they share ("the
 * billing service listens on 8080" / "the auth service …": the subject differs), an id
 * followed by what is said of it ("error E1042 is retried" / "error E1043 is retried": the
 * id names the thing), a span that adds a word the other side lacks besides its value ("also
 * 8081", "not 3.0"), and values either side also names elsewhere.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { isSoft } from "./terms.ts";
import { namesKind } from "./kind_nouns.ts";
import { WEAK } from "./lexicon.ts";
import type { Value } from "./value_types.ts";
import { same } from "./value_match.ts";
import { isId, sameShape, type SurfaceWord, surfaceWords } from "./surface_values.ts";

/** Term kinds that qualify a statement rather than name its subject. */
const QUALIFIER_KINDS = new Set(["environment", "platform", "region"]);

/**
 * The span of `words` in dispute, as its one value-shaped word: the span is that word alone,
 * or a number with one plain word beside it (its unit: "30 minutes", "12 months").
 */
function valueOf(span: readonly SurfaceWord[]): SurfaceWord | null {
  const shaped = span.filter((w) => w.shape !== null);
  if (shaped.length !== 1) return null;
  if (span.length === 1) return shaped[0]!;
  return span.length === 2 && shaped[0]!.shape === "number" ? shaped[0]! : null;
}

/** Whether `word` is a qualifier of `s` (an environment, a platform, a region). */
function qualifies(s: Statement, word: SurfaceWord): boolean {
  return s.terms.some((t) => QUALIFIER_KINDS.has(t.kind) && word.key.startsWith(t.term));
}

/**
 * The conflict of a minimal pair, or null when `a` and `b` are not one (see the module doc).
 * Both must be plain facts; the caller checks.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { minimalPair } from "./minimal_pair.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const pair = (a: string, b: string) => minimalPair(readStatement(a), readStatement(b));
 * deepEqual(pair("Refunds reach the card in 5 days.", "Refunds reach the card in 7 days.")?.values, ["5", "7"]);
 * equal(pair("The billing service listens on 8080.", "The auth service listens on 8081."), null);
 * ```
 */
export function minimalPair(a: Statement, b: Statement): Conflict | null {
  // A statement of change is read by the change readings, not as a rival value.
  if (a.cues.change.length > 0 || b.cues.change.length > 0) return null;
  const [fa, fb] = [surfaceWords(a.text), surfaceWords(b.text)];
  // Words of the predicate's frame ("runs", "ships", "uses", "version") say how, not what.
  const framed = (ws: readonly SurfaceWord[]) =>
    ws.filter((w, i) => i === 0 || w.shape !== null || !isSoft(w.key));
  const [ga, gb] = [framed(fa), framed(fb)];
  // The subject opens both (most pairs part on their first word), and the lengths are near.
  if (!sameOpening(ga, gb) || Math.abs(ga.length - gb.length) > 3) return null;
  const [ja, jb] = joined(ga, gb);
  const found = spans(ja, jb) ?? withoutKind(ja, jb);
  if (!found) return null;
  const { wa, wb, start, sa, sb } = found;
  // The subject is said before the value, in at least two shared words.
  const shared = wa.slice(0, start).filter((w) => w.shape === null);
  if (start < 2 || shared.length < 1) return null;
  // What is said of a ticket is a record of work ("the hotfix for OPS-12 shipped in 3.1"), not
  // a standing fact with one value.
  if (wa.slice(0, start).some((w) => isId(w.text))) return null;
  const [va, vb] = [valueOf(sa), valueOf(sb)];
  if (!va || !vb || !sameShape(va.shape!, vb.shape!)) return null;
  // Nothing but a qualifier of place or environment after it, frame words included ("E1042 is
  // retried": what follows an id is said of it).
  // (A unit both sides write after a number is part of the value: "in 5 days" / "in 7 days".)
  const rest = (
    all: readonly SurfaceWord[],
    span: readonly SurfaceWord[],
    s: Statement,
    other: readonly SurfaceWord[],
  ) => {
    let after = all.slice(all.findLastIndex((w) => w.text === span.at(-1)!.text) + 1);
    const unit = after[0];
    if (
      span.length === 1 && span[0]!.shape === "number" && unit && !unit.shape && !unit.before &&
      !/(?:ed|ing)$/.test(unit.key) && other.some((w) => w.key === unit.key)
    ) after = after.slice(1);
    return after.length <= 1 && after.every((w) => qualifies(s, w));
  };
  if (!rest(fa, sa, a, fb) || !rest(fb, sb, b, fa)) return null;
  // The same relation to each value: "is in us-east-2" / "is an r6g.2xlarge" are two attributes.
  if (va.before && vb.before && va.before !== vb.before) return null;
  // A unit beside one number only, or a different unit: another measure, not another value.
  const unit = (span: readonly SurfaceWord[], v: SurfaceWord) => span.find((w) => w !== v)?.key;
  if (unit(sa, va) !== unit(sb, vb) || suffixesApart(va, vb)) return null;
  if (wb.some((w) => w.key === va.key) || wa.some((w) => w.key === vb.key)) return null;
  if (siblings(va, vb) || refines(va, vb) || readApart(a, va, b, vb)) return null;
  return {
    attribute: shared.at(-1)!.text.toLowerCase(),
    slot: "surface",
    values: [sa.map((w) => w.text).join(" "), sb.map((w) => w.text).join(" ")],
  };
}

/** Whether two word lists open on one word, or on two words the other writes as one. */
function sameOpening(a: readonly SurfaceWord[], b: readonly SurfaceWord[]): boolean {
  const [x, y] = [a[0]?.key ?? "", b[0]?.key ?? ""];
  return x === y || `${x}${a[1]?.key ?? ""}` === y.replaceAll("-", "") ||
    `${y}${b[1]?.key ?? ""}` === x.replaceAll("-", "") ||
    x.replaceAll("-", "") === y.replaceAll("-", "");
}

/** Where two word lists differ: the shared start, then one span each (null when none). */
function spans(wa: readonly SurfaceWord[], wb: readonly SurfaceWord[]) {
  let start = 0;
  while (start < wa.length && start < wb.length && wa[start]!.key === wb[start]!.key) start++;
  let end = 0;
  while (
    end < wa.length - start && end < wb.length - start &&
    wa[wa.length - 1 - end]!.key === wb[wb.length - 1 - end]!.key
  ) end++;
  const [sa, sb] = [wa.slice(start, wa.length - end), wb.slice(start, wb.length - end)];
  if (sa.length === 0 || sb.length === 0 || sa.length > 2 || sb.length > 2) return null;
  if (!valueOf(sa) || !valueOf(sb)) return null;
  return { wa, wb, start, sa, sb };
}

/**
 * The spans once one side's word that names the value's kind or is a generic head is set
 * aside ("Spring offsite venue: Porto" / "The spring offsite is in Lisbon"), or null.
 */
function withoutKind(wa: readonly SurfaceWord[], wb: readonly SurfaceWord[]) {
  const shape = [...wa, ...wb].find((w) => w.shape !== null)?.shape;
  if (!shape) return null;
  const spare = (w: SurfaceWord) => !w.shape && (namesKind(w.key, shape) || WEAK.has(w.key));
  for (const [x, y, flip] of [[wa, wb, false], [wb, wa, true]] as const) {
    for (let k = 1; k < x.length; k++) {
      if (!spare(x[k]!) || y.some((w) => w.key === x[k]!.key)) continue;
      const rest = [...x.slice(0, k), ...x.slice(k + 1)];
      const found = flip ? spans(y, rest) : spans(rest, y);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Both word lists with two words in a row joined where the other side writes them as one
 * ("back office" / "backoffice", "on call" / "on-call").
 */
function joined(
  a: readonly SurfaceWord[],
  b: readonly SurfaceWord[],
): [SurfaceWord[], SurfaceWord[]] {
  const join = (ws: readonly SurfaceWord[], other: readonly SurfaceWord[]) => {
    const keys = new Set(other.map((w) => w.key.replaceAll("-", "")));
    const out: SurfaceWord[] = [];
    for (let i = 0; i < ws.length; i++) {
      const [w, next] = [ws[i]!, ws[i + 1]];
      const both = next && !w.shape && !next.shape ? `${w.key}${next.key}` : "";
      if (both && keys.has(both) && !ws.some((x) => x.key.replaceAll("-", "") === both)) {
        out.push({ ...w, text: `${w.text} ${next!.text}`, key: both });
        i++;
      } else out.push(w);
    }
    return out;
  };
  const norm = (ws: SurfaceWord[]) =>
    ws.map((w) => ({ ...w, key: w.shape ? w.key : w.key.replaceAll("-", "") }));
  return [norm(join(a, b)), norm(join(b, a))];
}

/** Two numbers with different unit letters after them ("20m" / "20k"): units we cannot compare. */
function suffixesApart(a: SurfaceWord, b: SurfaceWord): boolean {
  const tail = (w: SurfaceWord) => /\d(\p{L}+)$/u.exec(w.key)?.[1];
  const [x, y] = [tail(a), tail(b)];
  return a.shape === "number" && b.shape === "number" && !!x && !!y && x !== y;
}

/** One number said more precisely ("3.12" / "3.12.7-slim"): a refinement, not a rival. */
function refines(a: SurfaceWord, b: SurfaceWord): boolean {
  const [x, y] = [a.key, b.key].sort((p, q) => p.length - q.length);
  return a.shape === "number" && b.shape === "number" && /^[.+-]/.test(y!.slice(x!.length)) &&
    y!.startsWith(x!);
}

/**
 * Two codes or names that share their first part are members of one family
 * (`KAFKA_BROKERS` / `KAFKA_CLIENT_ID`, `metric{service="orders"}` / `…"billing"}`): each
 * names its own thing, not a rival value of one attribute.
 */
function siblings(a: SurfaceWord, b: SurfaceWord): boolean {
  if (a.shape === "number" || b.shape === "number") return false;
  let i = 0;
  while (i < a.key.length && a.key[i] === b.key[i]) i++;
  return i >= 4;
}

/**
 * What the claim readings found at each word says they are apart: one value in two notations
 * ("at 9" / "at 09:00"), or values of known kinds with no shared slot ("in us-east-2" is a
 * region, "an r6g.2xlarge" an instance type).
 */
function readApart(a: Statement, va: SurfaceWord, b: Statement, vb: SurfaceWord): boolean {
  const at = (s: Statement, w: SurfaceWord) =>
    s.values.find((v) => v.text.toLowerCase().includes(w.key) || w.key.includes(v.norm));
  const [x, y] = [at(a, va), at(b, vb)];
  if (x && y && same(x, y)) return true;
  // (A bare number or an unknown name says nothing of its attribute.)
  const typed = (v: Value | undefined) =>
    v && v.kind !== "name" && !v.slots.every((slot) => slot === "num");
  return !!typed(x) && !!typed(y) && !x!.slots.some((slot) => y!.slots.includes(slot));
}
