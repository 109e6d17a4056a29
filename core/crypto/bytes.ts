/**
 * Byte-string helpers every construction here uses: asserting an argument's type and
 * length at entry, comparing in constant time, and zeroing secrets after use.
 *
 * @module
 */
import { equalBytes } from "./_noble.ts";

/**
 * Asserts that `value` is a `Uint8Array` of `length` bytes: `TypeError` or `RangeError`
 * otherwise (a programmer error; untrusted input is validated before it gets here).
 */
export function assertBytes(
  value: unknown,
  length: number,
  name: string,
): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw new TypeError(`${name} must be a Uint8Array`);
  if (value.length !== length) {
    throw new RangeError(`${name} must be ${length} bytes, got ${value.length}`);
  }
}

/**
 * Constant-time equality of two byte strings (the length is not secret).
 *
 * @example Usage
 * ```ts
 * import { constantTimeEqual } from "./bytes.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 2)), true);
 * equal(constantTimeEqual(Uint8Array.of(1, 2), Uint8Array.of(1, 3)), false);
 * ```
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && equalBytes(a, b);
}

/** Overwrites secrets with zeros. */
export function wipe(...buffers: Uint8Array[]): void {
  for (const buffer of buffers) buffer.fill(0);
}
