/**
 * Problem finders for untrusted JSON values (a `.dna` manifest as parsed): each returns why
 * a value is not what a field needs, as a phrase naming the field's path, or null when it
 * is. Chained with `??`, the first problem wins.
 *
 * @module
 */

import type { Problem } from "../../util/json_checks.ts";

/** True for C0 controls, DEL and C1 controls, which could drive a terminal that shows them. */
function hasControl(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return true;
  }
  return false;
}

/** Unless `value` is a string of 1..`max` characters without control characters. */
export function textProblem(value: unknown, path: string, max: number): Problem {
  if (typeof value !== "string") return `${path} is not a string`;
  if (value.length === 0 || value.length > max) return `${path} must be 1..${max} characters`;
  return hasControl(value) ? `${path} contains a control character` : null;
}

/**
 * Unless `value` is a safe integer in `min`..`max` (not `-0`).
 *
 * @example Usage
 * ```ts
 * import { intProblem } from "./checks.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(intProblem(3, "n", 1, 5), null);
 * equal(intProblem(1.5, "n", 1, 5), "n must be an integer in 1..5");
 * ```
 */
export function intProblem(value: unknown, path: string, min: number, max: number): Problem {
  if (
    typeof value !== "number" || !Number.isSafeInteger(value) || Object.is(value, -0) ||
    value < min || value > max
  ) {
    return `${path} must be an integer in ${min}..${max}`;
  }
  return null;
}

/** Unless `value` is a list of 1..`maxEntries` distinct texts of at most `maxText` characters. */
export function listProblem(
  value: unknown,
  path: string,
  maxEntries: number,
  maxText: number,
): Problem {
  if (!Array.isArray(value)) return `${path} is not an array`;
  if (value.length === 0 || value.length > maxEntries) {
    return `${path} must hold 1..${maxEntries} entries`;
  }
  for (let i = 0; i < value.length; i++) {
    const problem = textProblem(value[i], `${path}[${i}]`, maxText);
    if (problem !== null) return problem;
  }
  return new Set(value).size === value.length ? null : `${path} has duplicate entries`;
}
