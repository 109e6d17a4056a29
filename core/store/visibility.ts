/**
 * Which memories a read may see: scopes, statuses, types and validity at an instant. One
 * definition, rendered both as SQL (for BM25, exact-token and list queries) and as a
 * predicate (for the in-memory vector index), so every channel filters identically.
 *
 * @module
 */
import type { SQLInputValue } from "node:sqlite";
import type { MemoryType, Status } from "../model/types.ts";

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
