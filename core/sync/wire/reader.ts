/**
 * A bounds-checked cursor over untrusted bytes, and the matching writer: every read past the
 * end is a `corrupt` wire error, never a `RangeError`. Integers are big-endian.
 *
 * @module
 */
import { corrupt, type WireFormat } from "./errors.ts";

/** Reads fields in order from `bytes`, throwing `corrupt` for `format` when they run out. */
export class ByteReader {
  #view: DataView;
  #offset = 0;
  /** Wraps `bytes` (not copied). */
  constructor(readonly bytes: Uint8Array, readonly format: WireFormat) {
    this.#view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  /** Bytes read so far. */
  get offset(): number {
    return this.#offset;
  }
  /** Bytes left. */
  get remaining(): number {
    return this.bytes.length - this.#offset;
  }
  #need(n: number, field: string): void {
    if (n > this.remaining) {
      throw corrupt(this.format, "truncated", `it ends inside ${field}`);
    }
  }
  /** The next `n` bytes (a view). */
  take(n: number, field: string): Uint8Array {
    this.#need(n, field);
    const out = this.bytes.subarray(this.#offset, this.#offset + n);
    this.#offset += n;
    return out;
  }
  /** One byte. */
  u8(field: string): number {
    this.#need(1, field);
    return this.#view.getUint8(this.#offset++);
  }
  /** A u32. */
  u32(field: string): number {
    this.#need(4, field);
    const value = this.#view.getUint32(this.#offset);
    this.#offset += 4;
    return value;
  }
  /** A u64 that must be a safe integer. */
  u64(field: string): number {
    this.#need(8, field);
    const value = this.#view.getBigUint64(this.#offset);
    this.#offset += 8;
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) {
      throw corrupt(this.format, "range", `${field} ${value} is past 2^53`);
    }
    return Number(value);
  }
  /** Throws unless every byte was read. */
  end(): void {
    if (this.remaining !== 0) {
      throw corrupt(this.format, "trailing", `${this.remaining} bytes follow its end`);
    }
  }
}

/** Concatenates byte strings. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A big-endian u32 as 4 bytes. */
export function u32Bytes(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < 0 || value > 0xffff_ffff) {
    throw new RangeError(`u32 out of range: ${value}`);
  }
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, value);
  return out;
}

/** A big-endian u64 (a safe integer) as 8 bytes. */
export function u64Bytes(value: number): Uint8Array {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`u64 out of range: ${value}`);
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(value));
  return out;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of `text` (domain-separation labels). */
export function utf8(text: string): Uint8Array {
  return encoder.encode(text);
}
