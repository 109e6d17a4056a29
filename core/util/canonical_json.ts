/**
 * Canonical JSON: one byte sequence per value, so hashes of ops and states are stable across
 * devices and runs. Object keys are sorted by UTF-16 code units, there is no whitespace,
 * `undefined` members are omitted, and numbers use ECMAScript's shortest round-trip form
 * (the rules of RFC 8785 for the values Helix stores).
 *
 * @module
 */

/** A value canonicalJson accepts. */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue | undefined };

/**
 * Serializes `value` canonically. Throws `TypeError` on non-finite numbers and on values JSON
 * cannot represent (functions, symbols, bigints, class instances other than plain objects).
 *
 * @example Usage
 * ```ts
 * import { canonicalJson } from "./canonical_json.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(canonicalJson({ b: 1, a: [true, null, "x"], c: undefined }), '{"a":[true,null,"x"],"b":1}');
 * ```
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join("");
}

function write(value: unknown, out: string[]): void {
  if (value === null) {
    out.push("null");
    return;
  }
  switch (typeof value) {
    case "boolean":
      out.push(value ? "true" : "false");
      return;
    case "number":
      if (!Number.isFinite(value)) {
        throw new TypeError(`Cannot encode canonical JSON: number ${value} is not finite`);
      }
      out.push(Object.is(value, -0) ? "0" : String(value));
      return;
    case "string":
      out.push(JSON.stringify(value));
      return;
    case "object":
      break;
    default:
      throw new TypeError(`Cannot encode canonical JSON: unsupported type ${typeof value}`);
  }
  if (Array.isArray(value)) {
    out.push("[");
    value.forEach((item, index) => {
      if (index > 0) out.push(",");
      write(item === undefined ? null : item, out);
    });
    out.push("]");
    return;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    throw new TypeError("Cannot encode canonical JSON: only plain objects and arrays are allowed");
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((key) => record[key] !== undefined).sort();
  out.push("{");
  keys.forEach((key, index) => {
    if (index > 0) out.push(",");
    out.push(JSON.stringify(key), ":");
    write(record[key], out);
  });
  out.push("}");
}
