/**
 * Points in history: what `helix diff` and `helix rollback` take. A point names the ops the
 * strand held at some moment (a prefix of the log in arrival order); the state "at" it is
 * their fold, in canonical order.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { parseHlc } from "../model/hlc.ts";
import { toEpochMs } from "../model/input.ts";
import type { PointBound } from "../store/queries/ops_arrival.ts";
import { iso } from "../store/records.ts";
import type { HistoryDeps } from "./deps.ts";
import { opByPrefix } from "./op_prefix.ts";

/** What a caller names a point with: see {@linkcode resolvePoint}. */
export type PointInput = string | number;

/** A point in history, as results show it. */
export interface HistoryPoint {
  /** What the caller gave. */
  readonly input: string;
  /** `op`: a change id (or its prefix); `time`: a time or an age; `now`: the current state. */
  readonly kind: "op" | "time" | "now";
  /** The op the point names (full change id), for `op`; else null. */
  readonly changeId: string | null;
  /** Wall time of the point: the op's, the time named, or the engine clock's for `now`. */
  readonly at: string;
}

/** A point and the prefix of the log it stands for. */
export interface ResolvedPoint extends HistoryPoint {
  readonly bound: PointBound;
}

/** Shortest change id prefix accepted. */
export const MIN_PREFIX = 6;
/** Past this wall time an HLC no longer fits its 15 digits: every op is before it. */
const LAST_WALL = 10 ** 15 - 2;

const UNIT_MS: Readonly<Record<string, number>> = {
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};
const AGE =
  /^(\d+)\s*(s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?)(?:\s+ago)?$/i;

/**
 * Resolves a point: `now`; an op's change id or a unique prefix of at least six hex
 * characters (the state after that op); an ISO 8601 time or epoch milliseconds (the state
 * after every op whose HLC wall time is at or before it); or an age before the engine clock's
 * now (`90s`, `30m`, `2h`, `3d`, `1w`, optionally followed by `ago`).
 *
 * A string of digits is an op when it begins exactly one change id, else epoch ms: a short
 * id copied from `helix log` is never read as a time in 1970, nor one ending in `d` (`5890183d`)
 * as an age in days. Throws `invalid_input` for something that is none of these or a prefix
 * several ops share (`details.candidates`), `not_found` for a hex prefix no op has.
 */
export function resolvePoint(
  deps: Pick<HistoryDeps, "store" | "clock">,
  input: PointInput,
): ResolvedPoint {
  if (typeof input === "number") return timePoint(String(input), input);
  const text = input.trim();
  if (text.length === 0 || text.length > 100) {
    throw new HelixError(
      "invalid_input",
      "Cannot resolve point: expected a change id, a time, an age like 2h, or now",
    );
  }
  if (/^now$/i.test(text)) {
    return { input: text, kind: "now", changeId: null, at: iso(deps.clock.now()), bound: null };
  }
  const hex = /^[0-9a-f]+$/i.test(text) && text.length >= MIN_PREFIX && text.length <= 64;
  // An id prefix that ends in `d` (`5890183d`) also reads as an age in days: an op wins.
  const op = hex ? opByPrefix(deps, text) : null;
  if (op) {
    return {
      input: text,
      kind: "op",
      changeId: op.changeId,
      at: iso(parseHlc(op.hlc).wall),
      bound: { upToSeqno: op.seqno },
    };
  }
  const age = AGE.exec(text);
  if (age) {
    const unit = UNIT_MS[age[2]!.toLowerCase()[0]!]!;
    return timePoint(text, deps.clock.now() - Number(age[1]) * unit);
  }
  if (hex) {
    if (!/^\d+$/.test(text)) {
      throw new HelixError(
        "not_found",
        `Cannot resolve point "${text}": no op has a change id starting with it (see \`helix log\`)`,
      );
    }
  }
  const ms = /^\d+$/.test(text) ? Number(text) : toEpochMs(text);
  if (ms === null || !Number.isFinite(ms)) {
    throw new HelixError(
      "invalid_input",
      `Cannot resolve point "${text}": expected a change id (at least ${MIN_PREFIX} hex characters), ` +
        "an ISO 8601 time, epoch ms, an age like 2h, 3d or 1w, or now",
    );
  }
  return timePoint(text, ms);
}

/** A resolved point without its bound. */
export function publicPoint(point: ResolvedPoint): HistoryPoint {
  return { input: point.input, kind: point.kind, changeId: point.changeId, at: point.at };
}

function timePoint(input: string, ms: number): ResolvedPoint {
  if (!Number.isFinite(ms)) {
    throw new HelixError("invalid_input", `Cannot resolve point "${input}": not a time`);
  }
  const wall = Math.trunc(ms);
  const at = iso(Math.min(Math.max(wall, -8.64e15), 8.64e15));
  if (wall > LAST_WALL) return { input, kind: "time", changeId: null, at, bound: null };
  return { input, kind: "time", changeId: null, at, bound: { arrivedBy: wall } };
}
