/**
 * Which slots a value fills when compared with the other side's values: besides its own, a
 * bare number fills the other side's counts ("88" / "120 characters") and, of a port's shape,
 * its port ("redis runs on 6379" / "redis is exposed on 6380"); a tool no lexicon knows fills
 * the other side's technology slots and a technology the other side's unknown tool's ("built
 * with PlatformIO" / "built with west"), where that side names no other technology. Two
 * values are the same when equal, a version and its refinement, or one amount rounded two ways;
 * two disagreements whose values stand together on each side are one ("aws eu-west-1").
 *
 * @module
 */
import { WEAK_TOOL } from "./names.ts";
import { termsOf } from "./terms.ts";
import { tokenize } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** Whether two values are the same: equal, or a version and its refinement (`3.3` / `3.3.0`). */
export function same(v: Value, w: Value): boolean {
  if (v.norm === w.norm) return true;
  // A day and a time says its day: "Tuesdays at 14:00" is on "Tuesdays".
  if (v.kind === "when" && w.kind === "day") return v.norm.split("@")[0] === w.norm;
  if (v.kind === "day" && w.kind === "when") return w.norm.split("@")[0] === v.norm;
  // A path written with or without its outer slashes ("/infra/", "infra/") is one path.
  if (v.kind === "path" && w.kind === "path") return trimSlashes(v.norm) === trimSlashes(w.norm);
  // "32k tokens" and "32768 tokens": a binary thousand is the same amount, rounded.
  if (v.kind === "quantity" && w.kind === "quantity") {
    const [x, y] = [Number(v.norm), Number(w.norm)];
    const [lo, hi] = [Math.min(x, y), Math.max(x, y)];
    return lo > 0 && [1.024, 1.024 ** 2, 1.024 ** 3].some((r) => Math.abs(lo * r - hi) < 1e-6 * hi);
  }
  if (v.kind !== "version" || w.kind !== "version") return false;
  const [x, y] = [v.norm.split("."), w.norm.split(".")];
  const n = Math.min(x.length, y.length);
  return x.slice(0, n).join(".") === y.slice(0, n).join(".");
}

/** The slots of `v` against the values `other` of the other side (see the module doc). */
const trimSlashes = (path: string) => path.replace(/^\/+|\/+$/g, "");

export function slotsOf(v: Value, other: readonly Value[]): readonly string[] {
  // A day and a time meets a day said alone ("Tuesday 22:00" / "Sunday 02:00-04:00").
  if (
    v.kind === "when" && other.some((w) => w.kind === "day") &&
    !other.some((w) => w.kind === "when")
  ) {
    return [...v.slots, "day"];
  }
  // A bare lowercase tool ("scanning is trufflehog") meets only a tool written as a name.
  if (v.slots[0]?.startsWith(WEAK_TOOL)) {
    return other.some((w) => w.slots.includes("tool")) ? [...v.slots, "tool"] : v.slots;
  }
  if (v.slots.includes("tool")) {
    return [...v.slots, ...other.flatMap((w) => w.slots.filter((s) => s.startsWith("tech:")))];
  }
  // Only where the other side names no technology besides its unknown one ("Our GitHub org is
  // acme" / "Our npm org is acme-inc" are two things).
  const tools = other.some((w) => w.slots.includes("tool"));
  if (v.kind === "tech" && tools && !other.some((w) => w.kind === "tech")) {
    return [...v.slots, "tool"];
  }
  const bare = v.slots.length === 1 && (v.slots[0] === "num" || v.kind === "version");
  if (bare && /^\d{4,5}$/.test(v.norm) && other.some((w) => w.kind === "port")) {
    return [...v.slots, "port"];
  }
  if (!v.slots.includes("num")) return v.slots;
  return [...v.slots, ...other.flatMap((w) => w.slots.filter((s) => s.startsWith("count:")))];
}

/** Whether every value outside the dispute `d` is on both sides. */
export function othersShared(
  va: readonly Value[],
  vb: readonly Value[],
  d: { readonly a: readonly Value[]; readonly b: readonly Value[] },
): boolean {
  // The version of a tool in dispute is part of the dispute ("tokio 1.x" / "async-std").
  const rest = (xs: readonly Value[], disputed: readonly Value[]) =>
    xs.filter((v) =>
      !disputed.includes(v) && !disputed.some((w) => v.slots.includes(`version:${w.norm}`))
    );
  const [ra, rb] = [rest(va, d.a), rest(vb, d.b)];
  return ra.every((v) => rb.some((w) => same(v, w))) && rb.every((w) => ra.some((v) => same(v, w)));
}

/** A disagreement in slots, with each side's values. */
interface Disagreement {
  readonly slot: string;
  readonly slots: readonly string[];
  readonly a: readonly Value[];
  readonly b: readonly Value[];
}

/**
 * Two disagreements whose values stand together on each side ("in aws eu-west-1" / "in azure
 * westeurope") are one: a place given in two parts.
 */
export function tied<D extends Disagreement>(diffs: D[]): D[] {
  if (diffs.length !== 2) return diffs;
  const [x, y] = diffs as [D, D];
  const together = (p: readonly Value[], q: readonly Value[]) =>
    p.length === 1 && q.length === 1 &&
    (p[0]!.end === q[0]!.start || q[0]!.end === p[0]!.start);
  if (!together(x.a, y.a) || !together(x.b, y.b)) return diffs;
  const order = (vs: Value[]) => vs.sort((v, w) => v.start - w.start);
  return [{
    ...y,
    slot: y.slot,
    slots: [...y.slots, ...x.slots],
    a: order([...x.a, ...y.a]),
    b: order([...x.b, ...y.b]),
  }];
}

/**
 * `values` without a value that only modifies the subject at the head of the sentence where
 * another value of its slot is the one stated ("otel traces export to jaeger": OpenTelemetry names the traces, Jaeger is
 * where they go).
 */
export function modifiersOff(text: string, values: Value[]): Value[] {
  const crowded = values.some((v) =>
    values.some((w) => w !== v && w.slots.some((x) => v.slots.includes(x)))
  );
  if (!crowded) return values;
  const tokens = tokenize(text);
  return values.filter((v) => {
    const next = tokens[v.end];
    // At the head of the sentence, before a noun ("otel traces …", "the GraphQL server …").
    const head = tokens.slice(0, v.start).every((t) => /^(?:the|a|an|our|its)$/.test(t.lower));
    const modifies = head && next?.kind === "word" && !next.paren &&
      termsOf(next.lower).length > 0 && !values.some((w) => w.start === v.end);
    return !modifies ||
      !values.some((w) => w !== v && w.start > v.end && w.slots.some((x) => v.slots.includes(x)));
  });
}

/** Whether `mine` holds a technology outside the dispute that `other` does not name. */
export function ownValue(
  mine: readonly Value[],
  disputed: readonly Value[],
  other: { readonly words: ReadonlySet<string>; readonly values: readonly Value[] },
): boolean {
  return mine.some((v) =>
    v.kind === "tech" && !disputed.includes(v) && !other.words.has(v.norm) &&
    !other.values.some((w) => w.norm === v.norm)
  );
}
