/**
 * Small vector kernels: sign-bit quantization, Hamming distance and cosine similarity.
 * Pure and allocation-free in the inner loops; they run over every vector of a strand.
 *
 * @module
 */

/** 32-bit words needed for the sign bits of a `dimension`-long vector. */
export function bitWords(dimension: number): number {
  return Math.ceil(dimension / 32);
}

/**
 * Sign-bit quantization: bit i is 1 when `vector[i] > 0`. Returned as bytes (little-endian
 * 32-bit words) so it can be stored as a BLOB and viewed as a `Uint32Array`.
 *
 * @example Usage
 * ```ts
 * import { quantizeBits } from "./vector_math.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual([...quantizeBits(new Float32Array([0.5, -1, 0.2]))], [0b101, 0, 0, 0]);
 * ```
 */
export function quantizeBits(vector: Float32Array): Uint8Array {
  const words = new Uint32Array(bitWords(vector.length));
  for (let i = 0; i < vector.length; i++) {
    if (vector[i]! > 0) words[i >>> 5]! |= 1 << (i & 31);
  }
  return new Uint8Array(words.buffer);
}

/** Number of set bits in a 32-bit integer. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Dot product; for unit vectors this is the cosine similarity. */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Cosine similarity of two vectors of any length (0 when either is all zeros). */
export function cosine(a: Float32Array, b: Float32Array): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    ab += a[i]! * b[i]!;
    aa += a[i]! * a[i]!;
    bb += b[i]! * b[i]!;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/** Scales `vector` in place to unit length (leaves an all-zero vector alone) and returns it. */
export function normalize(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) norm += vector[i]! * vector[i]!;
  norm = Math.sqrt(norm);
  if (norm > 0) { for (let i = 0; i < vector.length; i++) vector[i]! /= norm; }
  return vector;
}
