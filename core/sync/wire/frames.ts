/**
 * The relay's list framing (`docs/sync.md`): a response body is a run of frames
 * `u64 seq ‖ u32 len ‖ bytes (len)`, each one stored delta or roster entry with its server
 * sequence. Parsing enforces a per-frame and a frame-count limit and strictly increasing
 * sequences, so a hostile relay cannot make a client allocate or loop without bound.
 *
 * @module
 */
import { corrupt } from "./errors.ts";
import { MAX_ENVELOPE_BYTES } from "./delta_header.ts";
import { ByteReader, u32Bytes, u64Bytes } from "./reader.ts";

/** One framed item. */
export interface Frame {
  /** Server sequence (≥ 1, a safe integer). */
  readonly seq: number;
  /** The stored bytes. */
  readonly bytes: Uint8Array;
}

/** Limits for {@linkcode parseFrames}. */
export interface FrameLimits {
  /** Largest frame body. @default {MAX_ENVELOPE_BYTES} */
  readonly maxFrameBytes?: number;
  /** Most frames in one body. @default {10000} */
  readonly maxFrames?: number;
}

/** Bytes a frame adds before its body. */
export const FRAME_OVERHEAD = 12;

/**
 * Frames `items` into one body.
 *
 * @example Round trip
 * ```ts
 * import { encodeFrames, parseFrames } from "./frames.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const frames = [{ seq: 1, bytes: Uint8Array.of(7) }, { seq: 5, bytes: new Uint8Array(0) }];
 * deepEqual(parseFrames(encodeFrames(frames)), frames);
 * ```
 */
export function encodeFrames(items: readonly Frame[]): Uint8Array {
  const out = new Uint8Array(
    items.reduce((sum, item) => sum + FRAME_OVERHEAD + item.bytes.length, 0),
  );
  let offset = 0;
  for (const item of items) {
    out.set(u64Bytes(item.seq), offset);
    out.set(u32Bytes(item.bytes.length), offset + 8);
    out.set(item.bytes, offset + FRAME_OVERHEAD);
    offset += FRAME_OVERHEAD + item.bytes.length;
  }
  return out;
}

/**
 * The frames of a relay body (copies of their bytes); `corrupt` when a frame is truncated,
 * over a limit, or out of sequence order.
 */
export function parseFrames(body: Uint8Array, limits: FrameLimits = {}): Frame[] {
  const { maxFrameBytes = MAX_ENVELOPE_BYTES, maxFrames = 10_000 } = limits;
  if (!(body instanceof Uint8Array)) throw corrupt("frames", "type", "it is not bytes");
  const reader = new ByteReader(body, "frames");
  const frames: Frame[] = [];
  let last = 0;
  while (reader.remaining > 0) {
    if (frames.length >= maxFrames) {
      throw corrupt("frames", "count", `it holds more than ${maxFrames} frames`);
    }
    const seq = reader.u64("a frame sequence");
    if (seq <= last) {
      throw corrupt("frames", "order", `sequence ${seq} does not follow ${last}`);
    }
    const length = reader.u32("a frame length");
    if (length > maxFrameBytes) {
      throw corrupt("frames", "too_large", `a frame of ${length} bytes is over ${maxFrameBytes}`);
    }
    frames.push({ seq, bytes: reader.take(length, "a frame").slice() });
    last = seq;
  }
  return frames;
}
