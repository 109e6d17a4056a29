/**
 * The view the entropy detector reads: the text with every span already redacted (and every
 * placeholder already there) collapsed to one marker character, mapped back to the text.
 *
 * @module
 */
import type { Intervals } from "./intervals.ts";

/** Where the entropy detector looks: the text with each redacted span as one marker. */
export interface CollapsedView {
  readonly text: string;
  /** The position in the original text of a (non-marker) position in the view. */
  original(at: number): number;
}

/** The character that stands for one redacted span in the view. */
export const MARKER = "\u0000";

/**
 * The text with every span already redacted (and every placeholder already there) replaced
 * by one {@linkcode MARKER}. A second pass over redacted output sees the same view, whatever
 * the lengths of the secrets and placeholders, which keeps the entropy stage idempotent.
 */
export function collapse(text: string, occupied: Intervals): CollapsedView {
  const viewStarts: number[] = [];
  const originalStarts: number[] = [];
  let out = "";
  let at = 0;
  for (const [start, end] of occupied) {
    viewStarts.push(out.length);
    originalStarts.push(at);
    out += text.slice(at, start) + MARKER;
    at = end;
  }
  viewStarts.push(out.length);
  originalStarts.push(at);
  out += text.slice(at);
  return {
    text: out,
    original(position) {
      let lo = 0;
      let hi = viewStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (viewStarts[mid]! <= position) lo = mid;
        else hi = mid - 1;
      }
      return originalStarts[lo]! + position - viewStarts[lo]!;
    },
  };
}
