/**
 * Problem finders for untrusted JSON values (a `.dna` manifest, a sync message, as parsed):
 * each returns why a value is not what a field needs, as a phrase naming the field's path, or
 * null when it is. Chained with `??`, the first problem wins. Formats add finders of their own
 * beside these (`transfer/dna/checks.ts`, `sync/wire/checks.ts`).
 *
 * @module
 */

/** Why a value is invalid, or null when it is valid. */
export type Problem = string | null;

/** True for a plain object (not an array, not a class instance). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** An unknown or undefined field of `value`, or a missing required one. */
export function keysProblem(
  value: Record<string, unknown>,
  path: string,
  required: readonly string[],
  optional: readonly string[] = [],
): Problem {
  for (const key of Object.keys(value)) {
    if (!required.includes(key) && !optional.includes(key)) {
      return `${path} has unknown field "${key}"`;
    }
    if (value[key] === undefined) return `${path}.${key} is undefined`;
  }
  const missing = required.find((key) => !(key in value));
  return missing === undefined ? null : `${path}.${missing} is missing`;
}
