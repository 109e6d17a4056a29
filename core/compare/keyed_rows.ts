/**
 * Rows keyed by a path ("CODEOWNERS: /infra/ @acme/platform" / "CODEOWNERS: /web/
 * @acme/frontend"): when the values in dispute carry a path on each side beside another value,
 * the path is the row's key and the other value its setting. Two different paths are two rows,
 * not one row with two values; the same path (with or without its outer slashes) with two
 * settings is a conflict.
 *
 * @module
 */
import { same } from "./value_match.ts";
import type { Value } from "./value_types.ts";

/** Whether the values in dispute, `a` and `b`, are two rows keyed by different paths. */
export function keyedApart(a: readonly Value[], b: readonly Value[]): boolean {
  const keyed = (vs: readonly Value[]) =>
    vs.length >= 2 && vs.some((v) => v.kind === "path") && vs.some((v) => v.kind !== "path");
  if (!keyed(a) || !keyed(b)) return false;
  const paths = (vs: readonly Value[]) => vs.filter((v) => v.kind === "path");
  return !paths(a).some((v) => paths(b).some((w) => same(v, w)));
}
