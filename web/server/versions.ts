/**
 * A memory's own versions, replayed from its ops as `history({ id })` returns them: a
 * `memory.put` sets every field, a `memory.patch` the fields it names, a `memory.forget` the
 * status. The memory page diffs two of them; an undo puts back the values one op replaced.
 *
 * Concurrent edits merged by the fold can make the fold differ from this replay; an undo
 * therefore checks the memory still holds what the op set before it changes anything.
 *
 * @module
 */
import type { HistoryEntry, JsonValue } from "@helix/core";

/** The fields a version holds, in the order pages show them. */
export const VERSION_FIELDS = [
  "content",
  "type",
  "scope",
  "status",
  "importance",
  "confidence",
  "tags",
  "attributes",
  "validFrom",
  "validTo",
  "eventAt",
  "eventEnd",
  "eventPhrase",
] as const;

/** One of {@linkcode VERSION_FIELDS}. */
export type VersionField = typeof VERSION_FIELDS[number];

/** Times are ms in ops and ISO in memories: these compare as instants. */
const TIME_FIELDS: ReadonlySet<string> = new Set(["validFrom", "validTo", "eventAt", "eventEnd"]);

/** The memory after one op. */
export interface Version {
  /** The op's change id. */
  readonly change: string;
  /** Its kind. */
  readonly kind: string;
  /** When it was made. */
  readonly at: string;
  /** One line for people. */
  readonly summary: string;
  /** The fields this op set. */
  readonly set: readonly VersionField[];
  /** Every field after it (times as ISO 8601, null when unset). */
  readonly fields: Readonly<Record<VersionField, JsonValue>>;
}

/** A field's value as a comparable JSON value: times as ISO 8601 strings. */
export function normalized(field: string, value: unknown): JsonValue {
  if (value === undefined || value === null) return null;
  if (TIME_FIELDS.has(field)) {
    const ms = typeof value === "number" ? value : Date.parse(String(value));
    return Number.isFinite(ms) ? new Date(ms).toISOString() : String(value);
  }
  return value as JsonValue;
}

/** Whether two normalized values are the same. */
export function sameValue(a: JsonValue, b: JsonValue): boolean {
  return JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
}

function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value).sort().map((k) => [k, sortKeys((value as Record<string, JsonValue>)[k]!)]),
    );
  }
  return value;
}

/** The versions of one memory, oldest first, from its history entries (any order). */
export function versionsOf(entries: readonly HistoryEntry[]): Version[] {
  const ordered = [...entries].sort((a, b) => a.hlc < b.hlc ? -1 : a.hlc > b.hlc ? 1 : 0);
  const versions: Version[] = [];
  let fields: Record<string, JsonValue> | null = null;
  for (const entry of ordered) {
    const payload = entry.payload as unknown as Record<string, unknown>;
    let set: Record<string, unknown> | null = null;
    if (entry.kind === "memory.put" && typeof payload.content === "string") {
      set = Object.fromEntries(VERSION_FIELDS.map((f) => [f, payload[f]]));
    } else if (entry.kind === "memory.patch" && fields) {
      set = (payload.set ?? {}) as Record<string, unknown>;
    } else if (entry.kind === "memory.forget" && fields) {
      set = { status: "forgotten" };
    }
    if (set === null) continue;
    const names = VERSION_FIELDS.filter((f) => f in set);
    fields = { ...(fields ?? {}) };
    for (const f of names) fields[f] = normalized(f, set[f]);
    versions.push({
      change: entry.changeId,
      kind: entry.kind,
      at: entry.at,
      summary: entry.summary,
      set: names,
      fields: fields as Record<VersionField, JsonValue>,
    });
  }
  return versions;
}
