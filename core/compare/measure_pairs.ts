/**
 * One measure of one subject said in two frames: "avatar uploads are capped at 5 MB" / "max
 * avatar size: 2 MB", "the free trial is 14 days" / "trial period: 21 days", "webhook
 * deliveries are retried 5 times" / "we retry failed webhook deliveries up to 8 times", "the
 * audio pipeline resamples to 16 kHz" / "audio pipeline sample rate: 48 kHz".
 *
 * Each side states exactly one amount, of one dimension (a size, a span of time, a rate, a
 * count of one noun; a duration and an interval are one span, "5 times" and "5 tries" one
 * count), and the two amounts differ. The words that name the measure rather than the
 * subject (max, size, limit, period, rate, TTL, default) are set aside; what remains must be
 * the same words, or one side may say one word more where it is the head after a shared word
 * ("avatar uploads" / "avatar"). A word more before a shared word qualifies the subject ("audit
 * log groups" / "log groups"): another subject; so does a value only one side names (a
 * version, a path, a team). Environment, platform and other bounds must agree
 * (`subject_kind.ts`). Amounts within a twentieth of each other are one amount in other units.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { boundsAgree, sameKind } from "./subject_kind.ts";
import { stem } from "./terms.ts";
import type { Value } from "./value_types.ts";

/** Words that name a measure, not its subject (as stems). */
const MEASURE =
  /^(?:max|maximum|min|minimum|size|limit|cap|capp|period|ttl|length|rate|count|number|total|duration|default|valu|setting|lifetim|retention|up|upto)$/;

/** The dimension of an amount's slot: durations and intervals are one, tries and times one. */
function dimension(v: Value): string | null {
  const slot = v.slots.find((s) => s.startsWith("qty:") || s.startsWith("count:"));
  if (!slot) return null;
  if (slot === "qty:duration" || slot === "qty:interval") return "qty:time";
  if (/^count:(?:try|time|attempt|retry)$/.test(slot)) return "count:time";
  return slot.startsWith("count:") ? `count:${stem(slot.slice(6))}` : slot;
}

/** The one current amount `s` states, or null when it states none or several. */
function amount(s: Statement): Value | null {
  const xs = s.values.filter((v) => v.kind === "quantity" && v.tense === "current" && !v.negated);
  return xs.length === 1 && dimension(xs[0]!) ? xs[0]! : null;
}

/** The subject words of `s`: its terms without weak heads, bounds and the measure's words. */
function subject(s: Statement, v: Value): string[] {
  const counted = v.slots.filter((x) => x.startsWith("count:")).map((x) => stem(x.slice(6)));
  return s.terms.filter((t) =>
    t.kind !== "weak" && t.kind !== "bound" && !MEASURE.test(t.term) && !counted.includes(t.term)
  ).map((t) => t.term);
}

/** Whether `w` stands in `s` as a head after a shared word, not before one. */
function headAfter(s: Statement, w: string, shared: readonly string[]): boolean {
  const words = s.text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(stem);
  const i = words.indexOf(w);
  return i > 0 && shared.includes(words[i - 1]!) && !shared.includes(words[i + 1] ?? "");
}

/** A file a setting is written in (`values.yaml`, `.env`): where, not what, it is of. */
const SETTINGS_FILE = /(?:^|\/)\.[\w.-]+$|\.(?:json|jsonc|ya?ml|toml|ini|cfg|conf|xml|kts?|env)$/;

/**
 * Whether `s` names a thing of its own that `other` does not: a version, a tool, a team, a
 * path ("the pg 15 upgrade" / "the pg 16 upgrade", "the /export endpoint").
 */
function ownValue(s: Statement, other: Statement): boolean {
  return s.values.some((v) =>
    v.kind !== "quantity" && !(v.kind === "path" && SETTINGS_FILE.test(v.norm)) &&
    !other.values.some((w) => w.norm === v.norm) && !other.words.has(v.norm)
  );
}

/**
 * Two amounts within a twentieth of each other are one amount said in other units: binary
 * and decimal prefixes ("1536 MB" / "1.5 GB", "32k tokens" / "32768 tokens").
 */
function oneAmount(x: Value, y: Value): boolean {
  const [p, q] = [Number(x.norm), Number(y.norm)];
  return Number.isFinite(p) && Number.isFinite(q) && p > 0 && q > 0 &&
    Math.max(p, q) / Math.min(p, q) <= 1.05;
}

/**
 * One measure of one subject with two amounts (see the module doc), or null.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { measureConflict } from "./measure_pairs.ts";
 * import { equal } from "node:assert/strict";
 *
 * const s = readStatement;
 * equal(measureConflict(s("banner images are capped at 3 MB"), s("max banner size: 1 MB"))?.attribute, "size");
 * equal(measureConflict(s("app log groups keep 30 days"), s("audit app log groups keep 7 years")), null);
 * ```
 */
export function measureConflict(a: Statement, b: Statement): Conflict | null {
  const [x, y] = [amount(a), amount(b)];
  if (!x || !y || x.norm === y.norm || dimension(x) !== dimension(y)) return null;
  if (oneAmount(x, y) || !sameKind(a, b) || !boundsAgree(a, b)) return null;
  if (ownValue(a, b) || ownValue(b, a)) return null;
  const [sx, sy] = [subject(a, x), subject(b, y)];
  const shared = sx.filter((w) => sy.includes(w));
  if (shared.length === 0) return null;
  const onlyX = sx.filter((w) => !sy.includes(w) && !b.words.has(w));
  const onlyY = sy.filter((w) => !sx.includes(w) && !a.words.has(w));
  const extra = [...onlyX.map((w) => [a, w] as const), ...onlyY.map((w) => [b, w] as const)];
  if (extra.length > 1 || extra.some(([s, w]) => !headAfter(s, w, shared))) return null;
  const slot = dimension(x)!;
  return { attribute: slot.split(":")[1]!, slot, values: [x.text, y.text] };
}
