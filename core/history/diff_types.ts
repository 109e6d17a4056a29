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
  /** The memory's id. */
  readonly id: string;
  /** Memory type at the point. */
  readonly type: MemoryType;
  /** Content at the point, as written or last patched. */
  readonly content: string;
  /** Where it is true: `global`, `project:<id>` or `session:<id>`. */
  readonly scope: string;
  /** Lifecycle state at the point. */
  readonly status: Status;
  /** 1–10. */
  readonly importance: number;
  /** 0–1: how sure Helix was that it is true. */
  readonly confidence: number;
  /** Free-form labels. */
  readonly tags: readonly string[];
  /** Type-specific structure (procedure steps, triggers, alternatives…). */
  readonly attributes: Readonly<Record<string, JsonValue>>;
  /** Lifecycle time: when it became true. */
  readonly validFrom: string;
  /** Lifecycle time: when it stopped being true; null while still true. */
  readonly validTo: string | null;
  /** Event time: when the thing it describes happened or will happen; null when undated. */
  readonly eventAt: string | null;
  /** Event time: end of the event; null unless it spans time. */
  readonly eventEnd: string | null;
  /** The original time phrase ("next April"); null when none was given. */
  readonly eventPhrase: string | null;
  /** When Helix learned it (its `memory.put`). */
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
  /** Which field (a name from the memory field table, e.g. `content`, `status`). */
  readonly field: ComparedField;
  /** Its value at `from` (times as ISO 8601, null for an unset time). */
  readonly before: JsonValue;
  /** Its value at `to`, in the same form. */
  readonly after: JsonValue;
}

/**
 * What a status change means: `superseded`, `forgotten`, `archived` and `quarantined` are
 * moves into that status, `restored` a move back to `active`.
 */
export type StatusTransition = "superseded" | "forgotten" | "archived" | "quarantined" | "restored";

/** A memory that exists at both points with different fields. */
export interface MemoryChange {
  /** The memory's id. */
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
  /** Deterministic id: one edge per (from, relation, to). */
  readonly id: string;
  /** Source memory id. */
  readonly from: string;
  /** Target memory id. */
  readonly to: string;
  /** Relation type. */
  readonly relation: Relation;
  /** 0–1, at the point the state is from. */
  readonly weight: number;
}

/** An edge active at both points with a different weight. */
export interface EdgeChange {
  /** The edge at `to`. */
  readonly edge: EdgeState;
  /** Its weight (0–1) at `from` and at `to`. */
  readonly weight: {
    /** Weight at `from`. */
    readonly before: number;
    /** Weight at `to`. */
    readonly after: number;
  };
}

/** How many of each; memory categories do not overlap. */
export interface DiffCounts {
  /** Memories at `to` only (purged ones included). */
  readonly added: number;
  /** Memories at `from` only (purged ones included). */
  readonly removed: number;
  /** Changed without a status change. */
  readonly changed: number;
  /** Changed, with a move into `superseded`. */
  readonly superseded: number;
  /** Changed, with a move into `forgotten`. */
  readonly forgotten: number;
  /** Changed, with a move into `archived`. */
  readonly archived: number;
  /** Changed, with a move into `quarantined`. */
  readonly quarantined: number;
  /** Changed, with a move back to `active`. */
  readonly restored: number;
  /** Edges active at `to` only. */
  readonly edgesAdded: number;
  /** Edges active at `from` only. */
  readonly edgesRemoved: number;
  /** Edges active at both points with a different weight. */
  readonly edgesChanged: number;
}

/**
 * How the memories and edges at `to` differ from those at `from`, each list in id order
 * (purged memories after, by ref). A forgotten memory counts as absent and a removed edge as
 * no edge, so a memory created and forgotten between the points is no difference.
 */
export interface HistoryDiff {
  /** The point compared from, as resolved. */
  readonly from: HistoryPoint;
  /** The point compared to, as resolved (`now` unless the caller named one). */
  readonly to: HistoryPoint;
  /** The memories that differ. */
  readonly memories: {
    /** At `to` only. */
    readonly added: readonly MemoryPresence[];
    /** At `from` only (purged since, or, for a `to` before `from`, created in between). */
    readonly removed: readonly MemoryPresence[];
    /** At both, different. */
    readonly changed: readonly MemoryChange[];
  };
  /** The edges that differ; a removed edge counts as no edge. */
  readonly edges: {
    /** Active at `to` only. */
    readonly added: readonly EdgeState[];
    /** Active at `from` only. */
    readonly removed: readonly EdgeState[];
    /** Active at both, reweighted. */
    readonly changed: readonly EdgeChange[];
  };
  /** How many of each. */
  readonly counts: DiffCounts;
}
