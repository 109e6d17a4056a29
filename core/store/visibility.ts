/**
 * Which memories a read may see: scopes, statuses, types and validity at an instant. One
 * definition, rendered both as SQL (for BM25, exact-token, list and graph queries) and as a
 * predicate (for the in-memory vector index and reads by id), so every path filters
 * identically. The presets below are the only places that decide what a reader sees by
 * default: recall ({@linkcode recallVisibility}), its archived fallback for exact identifiers
 * ({@linkcode exactArchivedFallback}), browsing ({@linkcode browseVisibility}) and addressing
 * one memory by id ({@linkcode BY_ID}); none shows a quarantined or forgotten memory unless
 * the reader names that status.
 *
 * @module
 */
import type { SQLInputValue } from "node:sqlite";
import { type MemoryType, type Status, STATUSES } from "../model/types.ts";

/** A read's visibility rule. */
export interface Visibility {
  /** Scopes visible, or every scope. */
  readonly scopes: "all" | readonly string[];
  /** Statuses visible. */
  readonly statuses: readonly Status[];
  /** Types visible (all when absent). */
  readonly types?: readonly MemoryType[];
  /** The instant validity is judged at (ms). */
  readonly at: number;
  /**
   * `false`: current recall, which hides memories whose validity ended (`validTo <= at`)
   * unless `includeEnded`; superseded memories, when their status is visible, show regardless.
   * `true`: as-of recall, which shows exactly the memories valid at `at`.
   */
  readonly asOf: boolean;
  /** Current recall only: also show memories whose validity ended (expired facts). */
  readonly includeEnded?: boolean;
}

/** The fields visibility looks at. */
export interface VisibilityFields {
  readonly scope: string;
  readonly status: string;
  readonly type: string;
  readonly validFrom: number;
  readonly validTo: number | null;
}

/** SQL condition (for table alias `alias`) and its parameters. */
export function visibilitySql(
  v: Visibility,
  alias = "m",
): { sql: string; params: SQLInputValue[] } {
  const parts: string[] = [];
  const params: SQLInputValue[] = [];
  if (v.scopes !== "all") {
    parts.push(`${alias}.scope IN (${v.scopes.map(() => "?").join(",")})`);
    params.push(...v.scopes);
  }
  parts.push(`${alias}.status IN (${v.statuses.map(() => "?").join(",")})`);
  params.push(...v.statuses);
  if (v.types?.length) {
    parts.push(`${alias}.type IN (${v.types.map(() => "?").join(",")})`);
    params.push(...v.types);
  }
  if (v.asOf) {
    parts.push(`${alias}.valid_from <= ? AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > ?)`);
    params.push(v.at, v.at);
  } else if (!v.includeEnded) {
    const superseded = v.statuses.includes("superseded")
      ? ` OR ${alias}.status = 'superseded'`
      : "";
    parts.push(`(${alias}.valid_to IS NULL OR ${alias}.valid_to > ?${superseded})`);
    params.push(v.at);
  }
  return { sql: parts.join(" AND "), params };
}

/** The same rule as {@linkcode visibilitySql}, as a predicate. */
export function isVisible(v: Visibility, m: VisibilityFields): boolean {
  if (v.scopes !== "all" && !v.scopes.includes(m.scope)) return false;
  if (!v.statuses.includes(m.status as Status)) return false;
  if (v.types?.length && !v.types.includes(m.type as MemoryType)) return false;
  const ended = m.validTo !== null && m.validTo <= v.at;
  if (v.asOf) return m.validFrom <= v.at && !ended;
  return !ended || v.includeEnded === true || m.status === "superseded";
}

/**
 * Statuses no reader is shown unless it names them: content nobody confirmed (quarantined:
 * it may carry injected instructions) and content the user removed (forgotten).
 */
export const WITHHELD_STATUSES: readonly Status[] = ["quarantined", "forgotten"];

/**
 * Whether memories of `status` are withheld from readers that do not ask for it by name.
 *
 * @example Usage
 * ```ts
 * import { isWithheld } from "./visibility.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(isWithheld("quarantined"), true);
 * equal(isWithheld("superseded"), false);
 * ```
 */
export function isWithheld(status: string): boolean {
  return (WITHHELD_STATUSES as readonly string[]).includes(status);
}

/**
 * Addressing one memory by id (linking it, a neighbour in a memory's resource): any scope
 * and validity, every status but the withheld ones.
 */
export const BY_ID: Visibility = {
  scopes: "all",
  statuses: STATUSES.filter((s) => !isWithheld(s)),
  at: 0,
  asOf: false,
  includeEnded: true,
};

/**
 * Browsing (a listing, a graph page): memories of `statuses` (default active) and `types`
 * in `scopes`, whatever their validity; or, given `asOf` (ms), only those valid at that
 * instant, as as-of recall judges them.
 */
export function browseVisibility(
  scopes: "all" | readonly string[],
  options: { statuses?: readonly Status[]; types?: readonly MemoryType[]; asOf?: number } = {},
): Visibility {
  return {
    scopes,
    statuses: options.statuses ?? ["active"],
    ...(options.types ? { types: options.types } : {}),
    ...(options.asOf !== undefined
      ? { at: options.asOf, asOf: true }
      : { at: 0, asOf: false, includeEnded: true }),
  };
}

/** What a recall request asks to see beyond the default (active, currently valid). */
export interface RecallFilter {
  readonly types?: readonly MemoryType[] | undefined;
  /** Recall as of this instant (ms): memories valid then, superseded and archived included. */
  readonly asOf?: number | undefined;
  readonly includeArchived?: boolean | undefined;
  readonly includeSuperseded?: boolean | undefined;
  readonly includeForgotten?: boolean | undefined;
  readonly includeQuarantined?: boolean | undefined;
  readonly includeExpired?: boolean | undefined;
}

/**
 * Recall (search, context) in `scopes` at `now`: active memories valid now, plus what
 * `filter` names; as of a past instant, what was valid then (active, superseded, archived).
 */
export function recallVisibility(
  scopes: "all" | readonly string[],
  filter: RecallFilter,
  now: number,
): Visibility {
  const asOf = filter.asOf !== undefined;
  const statuses = new Set<Status>(asOf ? ["active", "superseded", "archived"] : ["active"]);
  if (filter.includeArchived) statuses.add("archived");
  if (filter.includeSuperseded) statuses.add("superseded");
  if (filter.includeForgotten) statuses.add("forgotten");
  if (filter.includeQuarantined) statuses.add("quarantined");
  return {
    scopes,
    statuses: STATUSES.filter((s) => statuses.has(s)),
    ...(filter.types ? { types: filter.types } : {}),
    at: filter.asOf ?? now,
    asOf,
    ...(filter.includeExpired ? { includeEnded: true } : {}),
  };
}

/**
 * The exact-identifier channel's fallback for `recall`: when no memory `recall` shows carries
 * a code token of the query (an env name, a path, a ticket id), the archived memories that
 * do are shown instead of nothing, marked as such (a distilled episode or a faded memory
 * stays findable by its identifiers). Same scopes, types and validity as `recall`, archived
 * status only; null when `recall` already shows archived memories (`includeArchived`, as-of).
 *
 * @example Usage
 * ```ts
 * import { exactArchivedFallback, recallVisibility } from "./visibility.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const recall = recallVisibility(["project:web", "global"], {}, 0);
 * deepEqual(exactArchivedFallback(recall)?.statuses, ["archived"]);
 * equal(exactArchivedFallback(recallVisibility("all", { includeArchived: true }, 0)), null);
 * ```
 */
export function exactArchivedFallback(recall: Visibility): Visibility | null {
  if (recall.statuses.includes("archived")) return null;
  return { ...recall, statuses: ["archived"] };
}
