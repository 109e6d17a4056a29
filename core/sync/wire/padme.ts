/**
 * PADMÉ padding (Nikitin et al., "Reducing Metadata Leakage from Encrypted Files and
 * Communication with PURBs", PETS 2019; the function Evolu pads sync messages with): a length
 * `L` is rounded up so that only its top `⌊log2 ⌊log2 L⌋⌋ + 1` bits may be non-zero. The
 * overhead is at most about 12 % and a length leaks `O(log log L)` bits instead of `O(log L)`.
 *
 * @module
 */

/**
 * The PADMÉ padded length of `length` (a non-negative safe integer below 2^31).
 *
 * @example Usage
 * ```ts
 * import { padme } from "./padme.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(padme(100), 104);
 * equal(padme(1000), 1024);
 * equal(padme(65), 72);
 * ```
 */
export function padme(length: number): number {
  if (!Number.isInteger(length) || length < 0 || length >= 2 ** 31) {
    throw new RangeError(`padme length must be an integer in [0, 2^31), got ${length}`);
  }
  if (length < 2) return length;
  const e = 31 - Math.clz32(length); // ⌊log2 L⌋ ≥ 1
  const s = 31 - Math.clz32(e) + 1; // ⌊log2 E⌋ + 1
  const lastBits = e - s;
  const mask = (1 << lastBits) - 1;
  return ((length + mask) & ~mask) >>> 0;
}
