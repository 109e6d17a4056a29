/**
 * The value of a claim: what kind, the slots (attributes) it can fill, its normalised form,
 * where it stands in the statement and how it is claimed (current, old, denied).
 *
 * @module
 */
import type { Token } from "./tokens.ts";

/** What kind of value. */
export type ValueKind =
  | "tech"
  | "choice"
  | "version"
  | "quantity"
  | "port"
  | "region"
  | "locale"
  | "time"
  | "day"
  | "when"
  | "date"
  | "url"
  | "host"
  | "path"
  | "name"
  | "person";

/** A value stated in a statement. */
export interface Value {
  readonly kind: ValueKind;
  /** The attributes it can be a value of (two values conflict only in a shared slot). */
  readonly slots: readonly string[];
  /** Normalised, for equality. */
  readonly norm: string;
  /** As written. */
  readonly text: string;
  /** Its first token and the token after its last. */
  readonly start: number;
  readonly end: number;
  /** Whether the statement denies it ("we don't use Redux"). */
  negated: boolean;
  /** `old`: said to be a past value ("from MySQL"); `cue`: the date of a change ("as of March"). */
  tense: "current" | "old" | "cue";
}

/** A version number, optionally `v`-prefixed, `+` or `.x` suffixed (`v2`, `3.3.0`, `18+`, `4.x`). */
export const VERSION = /^v?(\d+(?:\.\d+){0,3})(\+|\.x)?$/;

/** A current value of `kind` read from `tokens[start, end)`. */
export function value(
  kind: ValueKind,
  slots: readonly string[],
  norm: string,
  tokens: readonly Token[],
  start: number,
  end: number,
): Value {
  const text = tokens.slice(start, end).map((t) => t.text).join(" ");
  return { kind, slots, norm, text, start, end, negated: false, tense: "current" };
}
