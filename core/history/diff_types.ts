/**
 * The shapes of a history diff (`helix diff`, and a rollback's `changes`): memories and edges
 * present at one point only or changed between two, each as a reader sees it (times as ISO
 * 8601), and how many of each.
 *
 * @module
 */
import type { MemoryType, Relation, Status } from "../model/types.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { ComparedField } from "./compare.ts";
import type { HistoryPoint } from "./point.ts";

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
