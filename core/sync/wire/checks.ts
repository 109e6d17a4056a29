/**
 * Problem finders for untrusted JSON values in sync messages: each returns why a value is
 * not what a field needs, naming the field's path, or null when it is.
 *
 * @module
 */

import type { Problem } from "../../util/json_checks.ts";

/** Unless `value` is a string matching `pattern`. */
export function patternProblem(value: unknown, path: string, pattern: RegExp): Problem {
  return typeof value === "string" && pattern.test(value) ? null : `${path} is malformed`;
}

/** Unless `value` is a string of 1..`max` characters without control characters. */
export function textProblem(value: unknown, path: string, max: number): Problem {
  if (typeof value !== "string") return `${path} is not a string`;
  if (value.length === 0 || value.length > max) return `${path} must be 1..${max} characters`;
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit < 0x20 || (unit >= 0x7f && unit <= 0x9f)) return `${path} has a control character`;
  }
  return null;
}

/** Parses UTF-8 JSON bytes that must be canonical JSON; a problem string when they are not. */
export function parseCanonical(
  bytes: Uint8Array,
  canonical: (value: unknown) => string,
): { value: unknown } | { problem: string } {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { problem: "it is not UTF-8" };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problem: "it is not JSON" };
  }
  try {
    if (canonical(value) !== text) return { problem: "it is not canonical JSON" };
  } catch {
    return { problem: "it is not canonical JSON" };
  }
  return { value };
}
