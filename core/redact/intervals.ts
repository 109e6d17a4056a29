/**
 * Sets of disjoint half-open intervals of a text, kept sorted: what redaction has claimed so
 * far, and what it may still claim.
 *
 * @module
 */

/** Disjoint half-open intervals, sorted by start. */
export class Intervals {
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];

  /** The set of `spans`. */
  constructor(spans: readonly [number, number][] = []) {
    for (const [start, end] of spans) this.add(start, end);
  }

  /** Index of the first interval whose end is after `start`. */
  #first(start: number): number {
    let lo = 0;
    let hi = this.#ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#ends[mid]! <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Whether any interval meets [start, end). */
  overlaps(start: number, end: number): boolean {
    const i = this.#first(start);
    return i < this.#starts.length && this.#starts[i]! < end;
  }

  /** The parts of [start, end) no interval covers. */
  gaps(start: number, end: number): [number, number][] {
    const out: [number, number][] = [];
    let at = start;
    for (let i = this.#first(start); i < this.#starts.length && this.#starts[i]! < end; i++) {
      if (this.#starts[i]! > at) out.push([at, this.#starts[i]!]);
      at = Math.max(at, this.#ends[i]!);
    }
    if (at < end) out.push([at, end]);
    return out;
  }

  /** Adds [start, end), which must not overlap an interval already there. */
  add(start: number, end: number): void {
    const i = this.#first(start);
    this.#starts.splice(i, 0, start);
    this.#ends.splice(i, 0, end);
  }

  /** The intervals, by start. */
  *[Symbol.iterator](): Generator<[number, number]> {
    for (let i = 0; i < this.#starts.length; i++) yield [this.#starts[i]!, this.#ends[i]!];
  }
}
