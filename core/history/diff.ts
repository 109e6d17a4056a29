/**
 * `diff(from, to)`: how the memories and edges at one point in history differ from those at
 * another, as a typed result (`helix diff`).
 *
 * @module
 */
import type { MemoryType, Relation, Status } from "../model/types.ts";
import type { Runtime } from "../runtime.ts";
import { type EdgeRecord, iso, type MemoryRecord } from "../store/records.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import { type ComparedField, compareStates, type StateComparison } from "./compare.ts";
import { type HistoryPoint, type PointInput, type ResolvedPoint, resolvePoint } from "./point.ts";
import { stateAt } from "./state.ts";

/** A memory's compared fields at a point (times as ISO 8601, like {@linkcode Memory}). */
export interface MemoryState {
  readonly id: string;
  readonly type: MemoryType;
  readonly content: string;
  readonly scope: string;
  readonly status: Status;
  readonly importance: number;
  readonly confidence: number;
  readonly tags: readonly string[];
  readonly attributes: Readonly<Record<string, JsonValue>>;
  readonly validFrom: string;
  readonly validTo: string | null;
  readonly eventAt: string | null;
  readonly eventEnd: string | null;
  readonly eventPhrase: string | null;
  readonly recordedAt: string;
}

/** A memory that exists at one point of a diff only. */
export interface MemoryPresence {
  /** Its id; null for a purged memory (its id left the strand with it). */
  readonly id: string | null;
  /** Its state where it exists; null for a purged memory (its content is gone). */
  readonly memory: MemoryState | null;
  /** For a purged memory: its `purged:<change id of its memory.put>` ref and the purge op. */
  readonly purged: { readonly ref: string; readonly by: string } | null;
}

/** One field that differs. */
export interface FieldChange {
  readonly field: ComparedField;
  readonly before: JsonValue;
  readonly after: JsonValue;
}

/**
 * What a status change means: `superseded`, `forgotten`, `archived` and `quarantined` are
 * moves into that status, `restored` a move back to `active`.
 */
export type StatusTransition = "superseded" | "forgotten" | "archived" | "quarantined" | "restored";

/** A memory that exists at both points with different fields. */
export interface MemoryChange {
  readonly id: string;
  /** Its state at `to`. */
  readonly memory: MemoryState;
  /** The status change, if its status changed. */
  readonly transition: StatusTransition | null;
  /** Every field that differs, in {@linkcode COMPARED_FIELDS} order. */
  readonly changes: readonly FieldChange[];
}

/** An edge as a diff shows it. */
export interface EdgeState {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly relation: Relation;
  readonly weight: number;
}

/** An edge active at both points with a different weight. */
export interface EdgeChange {
  /** The edge at `to`. */
  readonly edge: EdgeState;
  readonly weight: { readonly before: number; readonly after: number };
}

/** How many of each; memory categories do not overlap. */
export interface DiffCounts {
  readonly added: number;
  readonly removed: number;
  /** Changed without a status change. */
  readonly changed: number;
  readonly superseded: number;
  readonly forgotten: number;
  readonly archived: number;
  readonly quarantined: number;
  readonly restored: number;
  readonly edgesAdded: number;
  readonly edgesRemoved: number;
  readonly edgesChanged: number;
}

/**
 * How the memories and edges at `to` differ from those at `from`, each list in id order
 * (purged memories after, by ref). A forgotten memory counts as absent and a removed edge as
 * no edge, so a memory created and forgotten between the points is no difference.
 */
export interface HistoryDiff {
  readonly from: HistoryPoint;
  readonly to: HistoryPoint;
  readonly memories: {
    /** At `to` only. */
    readonly added: readonly MemoryPresence[];
    /** At `from` only (purged since, or, for a `to` before `from`, created in between). */
    readonly removed: readonly MemoryPresence[];
    /** At both, different. */
    readonly changed: readonly MemoryChange[];
  };
  readonly edges: {
    readonly added: readonly EdgeState[];
    readonly removed: readonly EdgeState[];
    readonly changed: readonly EdgeChange[];
  };
  readonly counts: DiffCounts;
}

/** Resolves both points and compares the states at them (`to` defaults to now). */
export function diffPoints(rt: Runtime, from: PointInput, to: PointInput = "now"): HistoryDiff {
  const a = resolvePoint(rt, from);
  const b = resolvePoint(rt, to);
  return diffResolved(rt, a, b);
}

/** The diff between two resolved points. */
export function diffResolved(rt: Runtime, from: ResolvedPoint, to: ResolvedPoint): HistoryDiff {
  using before = stateAt(rt, from.bound);
  using after = stateAt(rt, to.bound);
  const comparison = compareStates(
    rt,
    { db: before.db, bound: from.bound },
    { db: after.db, bound: to.bound },
  );
  return toDiff(publicPoint(from), publicPoint(to), comparison);
}

/** A resolved point without its bound. */
export function publicPoint(point: ResolvedPoint): HistoryPoint {
  return { input: point.input, kind: point.kind, changeId: point.changeId, at: point.at };
}

/** The typed diff of a comparison. */
export function toDiff(from: HistoryPoint, to: HistoryPoint, c: StateComparison): HistoryDiff {
  const added: MemoryPresence[] = [];
  const removed: MemoryPresence[] = [];
  const changed: MemoryChange[] = [];
  for (const pair of c.memories) {
    if (pair.before && pair.after) {
      const changes = pair.fields.map((field) => ({
        field,
        before: publicValue(pair.before!, field),
        after: publicValue(pair.after!, field),
      }));
      const transition = pair.before.status === pair.after.status
        ? null
        : pair.after.status === "active"
        ? "restored"
        : pair.after.status;
      changed.push({ id: pair.id, memory: memoryState(pair.after), transition, changes });
    } else if (pair.after) {
      added.push({ id: pair.id, memory: memoryState(pair.after), purged: null });
    } else if (pair.before) {
      removed.push({ id: pair.id, memory: memoryState(pair.before), purged: null });
    }
  }
  for (const p of c.purged) {
    (p.side === "after" ? added : removed).push({
      id: null,
      memory: null,
      purged: { ref: p.ref, by: p.purgedBy },
    });
  }
  const edgesAdded: EdgeState[] = [];
  const edgesRemoved: EdgeState[] = [];
  const edgesChanged: EdgeChange[] = [];
  for (const pair of c.edges) {
    if (pair.before && pair.after) {
      edgesChanged.push({
        edge: edgeState(pair.after),
        weight: { before: pair.before.weight, after: pair.after.weight },
      });
    } else if (pair.after) edgesAdded.push(edgeState(pair.after));
    else if (pair.before) edgesRemoved.push(edgeState(pair.before));
  }
  const moved = (t: StatusTransition) => changed.filter((m) => m.transition === t).length;
  return {
    from,
    to,
    memories: { added, removed, changed },
    edges: { added: edgesAdded, removed: edgesRemoved, changed: edgesChanged },
    counts: {
      added: added.length,
      removed: removed.length,
      changed: changed.filter((m) => m.transition === null).length,
      superseded: moved("superseded"),
      forgotten: moved("forgotten"),
      archived: moved("archived"),
      quarantined: moved("quarantined"),
      restored: moved("restored"),
      edgesAdded: edgesAdded.length,
      edgesRemoved: edgesRemoved.length,
      edgesChanged: edgesChanged.length,
    },
  };
}

const TIME_FIELDS = new Set<string>(["validFrom", "validTo", "eventAt", "eventEnd"]);

function publicValue(record: MemoryRecord, field: ComparedField): JsonValue {
  const value = record[field];
  if (TIME_FIELDS.has(field)) return value === null ? null : iso(value as number);
  return value as JsonValue;
}

function memoryState(r: MemoryRecord): MemoryState {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    scope: r.scope,
    status: r.status,
    importance: r.importance,
    confidence: r.confidence,
    tags: r.tags,
    attributes: r.attributes,
    validFrom: iso(r.validFrom),
    validTo: r.validTo === null ? null : iso(r.validTo),
    eventAt: r.eventAt === null ? null : iso(r.eventAt),
    eventEnd: r.eventEnd === null ? null : iso(r.eventEnd),
    eventPhrase: r.eventPhrase,
    recordedAt: iso(r.recordedAt),
  };
}

function edgeState(e: EdgeRecord): EdgeState {
  return { id: e.id, from: e.from, to: e.to, relation: e.relation, weight: e.weight };
}
