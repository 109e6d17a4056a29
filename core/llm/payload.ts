/**
 * The bounded, canonical payload of one extraction input: today's date, the previous turn, the
 * recent turns and active memories, each cut to a fixed length. It is what the model sees of an
 * input and what the response cache is keyed on.
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";
import type { ExtractionInput, Turn } from "../model/candidate.ts";

/** Longest text slice sent, in characters (longer slices are cut at the end). */
const MAX_TEXT_CHARS = 12_000;
/** Longest previous assistant turn sent (its end is kept: that is where the question is). */
const MAX_PREVIOUS_CHARS = 4_000;
/** Most recent turns sent, and the longest each may be. */
const MAX_RECENT_TURNS = 8;
const MAX_TURN_CHARS = 2_000;
/** Most active memories sent, and the longest each may be. */
const MAX_ACTIVE = 20;
const MAX_ACTIVE_CHARS = 1_000;

const head = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1)}…`;
const tail = (text: string, max: number) =>
  text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;

/**
 * The calendar date of `now` in `timeZone` with its weekday, e.g. `"2026-11-22 (Sunday)"`.
 * An unknown time zone reads as UTC.
 *
 * @example Usage
 * ```ts
 * import { todayLabel } from "./payload.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(todayLabel(Date.UTC(2026, 10, 22, 23, 30), "UTC"), "2026-11-22 (Sunday)");
 * equal(todayLabel(Date.UTC(2026, 10, 22, 23, 30), "Asia/Tokyo"), "2026-11-23 (Monday)");
 * ```
 */
export function todayLabel(now: number, timeZone = "UTC"): string {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      weekday: "long",
    });
  } catch {
    return todayLabel(now, "UTC");
  }
  const parts = Object.fromEntries(format.formatToParts(now).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} (${parts.weekday})`;
}

/** One extraction input as the model sees it (and as the cache keys it). */
export interface ExtractionPayload {
  readonly today: string;
  readonly timeZone: string;
  readonly origin: string | null;
  readonly previousAssistant: string | null;
  readonly recent: readonly Turn[];
  readonly active: readonly {
    readonly id: string;
    readonly type: MemoryType;
    readonly content: string;
  }[];
  readonly text: string;
}

/**
 * The bounded payload for one input: today's date (not the instant, so the cache holds for
 * the day), the previous assistant turn, the last recent turns and the first active memories,
 * each cut to a fixed length.
 *
 * @example Usage
 * ```ts
 * import { extractionPayload } from "./payload.ts";
 * import { equal } from "node:assert/strict";
 *
 * const payload = extractionPayload({
 *   text: "yes, next April",
 *   context: { now: Date.UTC(2026, 10, 22), previousAssistant: "Move the launch to 2027?" },
 * });
 * equal(payload.today, "2026-11-22 (Sunday)");
 * equal(payload.previousAssistant, "Move the launch to 2027?");
 * ```
 */
export function extractionPayload(input: ExtractionInput): ExtractionPayload {
  const { context } = input;
  const timeZone = context.timeZone ?? "UTC";
  return {
    today: todayLabel(context.now, timeZone),
    timeZone,
    origin: context.origin ?? null,
    previousAssistant: context.previousAssistant === undefined
      ? null
      : tail(context.previousAssistant, MAX_PREVIOUS_CHARS),
    recent: (context.recent ?? []).slice(-MAX_RECENT_TURNS).map((turn) => ({
      role: turn.role,
      text: tail(turn.text, MAX_TURN_CHARS),
    })),
    active: (context.active ?? []).slice(0, MAX_ACTIVE).map((memory) => ({
      id: memory.id,
      type: memory.type,
      content: head(memory.content, MAX_ACTIVE_CHARS),
    })),
    text: head(input.text, MAX_TEXT_CHARS),
  };
}
