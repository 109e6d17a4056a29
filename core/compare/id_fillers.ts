/**
 * Identifiers that differ only in their digits ("hotfix/PAY-4417" / "hotfix/PAY-4420",
 * "runner-12" / "runner-31"): two fillers of one template (two tickets, two instances), not
 * two values of one subject's attribute.
 *
 * @module
 */
import type { Value } from "./value_types.ts";

/** Kinds of value an identifier is written as. */
const IDENTIFIER = /^(?:path|name|host|url)$/;

/** Whether the values in dispute, `a` and `b`, are identifiers that differ only in digits. */
export function idFillers(a: readonly Value[], b: readonly Value[]): boolean {
  if (a.length !== 1 || b.length !== 1) return false;
  const [x, y] = [a[0]!, b[0]!];
  if (!IDENTIFIER.test(x.kind) || !IDENTIFIER.test(y.kind)) return false;
  const shape = (v: Value) => v.norm.replace(/\d+/g, "#");
  return /\d/.test(x.norm) && /\d/.test(y.norm) && shape(x) === shape(y);
}
