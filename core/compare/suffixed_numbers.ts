/**
 * Numbers written with a short unit suffix that no unit table reads the same way ("10m" is ten
 * minutes in an alert rule and ten megabytes in nginx): when both sides write one with the same
 * suffix ("client_max_body_size is 10m" / "client_max_body_size 50m in the nginx config",
 * "`for: 5m`" / "pending for 15m"), the suffix is the unit whatever it means, and the two are
 * amounts of one kind. They conflict when the subject is the same by the readings of typed
 * values (`conflict.ts`, `typed_subject.ts`).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Difference } from "./difference.ts";
import { type Value, value } from "./value_types.ts";

/** A number with a unit suffix of one to three letters ("10m", "512k", "30s"). */
const SUFFIXED = /^(\d+(?:\.\d+)?)([a-z]{1,3})$/;

/** The one suffixed number `s` writes outside its values, or null. */
function suffixed(s: Statement): Value | null {
  const tokens = tokensFor(s.text);
  const found: Value[] = [];
  tokens.forEach((t, i) => {
    const m = SUFFIXED.exec(t.lower);
    if (!m || s.values.some((v) => v.start <= i && i < v.end)) return;
    found.push(value("quantity", [`qty:${m[2]}`], m[1]!, tokens, i, i + 1));
  });
  return found.length === 1 ? found[0]! : null;
}

/** Whether `s` writes one suffixed number no value reading took. */
export function writesSuffixed(s: Statement): boolean {
  return suffixed(s) !== null;
}

/** The two sides' suffixed numbers of one unit and different amounts, as a difference. */
export function suffixedDifference(a: Statement, b: Statement): Difference | null {
  const [x, y] = [suffixed(a), suffixed(b)];
  if (!x || !y || x.slots[0] !== y.slots[0] || Number(x.norm) === Number(y.norm)) return null;
  return { slot: x.slots[0]!, slots: x.slots, a: [x], b: [y] };
}
