/**
 * Reading the op log: ops as stored rows (the payload still text), in canonical order or
 * filtered, their refs, and counts. `ops/` decodes the rows into ops.
 *
 * @module
 */
import type { StatementSync } from "node:sqlite";
import { formatHlc } from "../../model/hlc.ts";
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";
import { type PointBound, pointCondition } from "./ops_arrival.ts";

/** An op as stored: its identity and its payload's canonical JSON text. */
export interface OpRow {
  readonly changeId: string;
  readonly hlc: string;
  readonly deviceId: string;
  readonly seq: number;
  readonly kind: string;
  readonly payload: string;
}

const OP_SELECT = "o.change_id AS changeId, o.hlc AS hlc, o.device_id AS deviceId, o.seq AS seq, " +
  "o.kind AS kind, o.payload AS payload";
const CANONICAL = "ORDER BY o.hlc, o.device_id, o.change_id";

/** Filters for reading the log. */
export interface OpFilter {
  /** Only ops touching this memory or edge id (or a purged memory's `purged:` ref). */
  ref?: string;
  /** Only these kinds. */
  kinds?: readonly string[];
  /** Only ops at or after this wall time (ms). */
  since?: number;
  /** Only ops before this wall time (ms). */
  until?: number;
  /** Newest first (default) or canonical (oldest first). */
  order?: "newest" | "canonical";
  /** At most this many. */
  limit?: number;
  /** Only the ops with these change ids. */
  ids?: readonly string[];
}

/**
 * Every op row in canonical order (hlc, device, change id), the order of the fold; only those
 * the strand held at `bound` when given. Streamed, from a statement of its own (two walks may
 * be under way at once).
 */
export function canonicalOpRows(
  store: Pick<Store, "db">,
  bound: PointBound = null,
): Iterable<OpRow> {
  const [condition, params] = pointCondition(bound);
  const statement: StatementSync = store.db.prepare(
    `SELECT ${OP_SELECT} FROM ops o WHERE ${condition} ${CANONICAL}`,
  );
  return statement.iterate(...params) as Iterable<OpRow>;
}

/** The op rows `filter` selects. */
export function opRows(store: Pick<Store, "prepare">, filter: OpFilter = {}): OpRow[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  let from = "ops o";
  if (filter.ref !== undefined) {
    from = "op_refs r JOIN ops o ON o.seqno = r.seqno";
    where.push("r.ref = ?");
    params.push(filter.ref);
  }
  if (filter.ids !== undefined) {
    where.push(`o.change_id IN ${IN_LIST}`);
    params.push(JSON.stringify(filter.ids));
  }
  if (filter.kinds?.length) {
    where.push(`o.kind IN ${IN_LIST}`);
    params.push(JSON.stringify(filter.kinds));
  }
  if (filter.since !== undefined) {
    where.push("o.hlc >= ?");
    params.push(formatHlc({ wall: Math.max(0, filter.since), counter: 0 }));
  }
  if (filter.until !== undefined) {
    where.push("o.hlc < ?");
    params.push(formatHlc({ wall: Math.max(0, filter.until), counter: 0 }));
  }
  const direction = filter.order === "canonical" ? "ASC" : "DESC";
  let sql =
    `SELECT ${OP_SELECT} FROM ${from}${where.length ? ` WHERE ${where.join(" AND ")}` : ""}` +
    ` ORDER BY o.hlc ${direction}, o.device_id ${direction}, o.change_id ${direction}`;
  if (filter.limit !== undefined) {
    sql += " LIMIT ?";
    params.push(Math.trunc(filter.limit));
  }
  return store.prepare(sql).all(...params) as unknown as OpRow[];
}

/** Number of ops in the log. */
export function countOps(store: Pick<Store, "prepare">): number {
  return (store.prepare("SELECT count(*) AS n FROM ops").get() as { n: number }).n;
}

/** The `memory.purge` rows of the log, with their place in fold order (streamed). */
export function purgeOpRows(
  store: Pick<Store, "db">,
): Iterable<{ changeId: string; hlc: string; deviceId: string; payload: string }> {
  return store.db.prepare(
    `SELECT change_id AS changeId, hlc, device_id AS deviceId, payload FROM ops
     WHERE kind = 'memory.purge'`,
  ).iterate() as Iterable<{ changeId: string; hlc: string; deviceId: string; payload: string }>;
}

/** The refs (`op_refs`) of each of `changeIds`, sorted. */
export function refsOfOps(
  store: Pick<Store, "prepare">,
  changeIds: readonly string[],
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (changeIds.length === 0) return out;
  const rows = store.prepare(
    `SELECT o.change_id AS changeId, r.ref AS ref FROM ops o JOIN op_refs r ON r.seqno = o.seqno
     WHERE o.change_id IN ${IN_LIST} ORDER BY r.ref`,
  ).all(JSON.stringify(changeIds)) as { changeId: string; ref: string }[];
  for (const { changeId, ref } of rows) out.set(changeId, [...(out.get(changeId) ?? []), ref]);
  return out;
}

/** How many ops whose payload is `payload` (a tombstone) are indexed under any of `refs`. */
export function countOpsWithPayload(
  store: Pick<Store, "prepare">,
  payload: string,
  refs: readonly string[],
): number {
  return (store.prepare(
    `SELECT count(*) AS n FROM ops WHERE payload = ?
     AND seqno IN (SELECT seqno FROM op_refs WHERE ref IN ${IN_LIST})`,
  ).get(payload, JSON.stringify(refs)) as { n: number }).n;
}

/** The log's last position (`ops.seqno`), 0 when it is empty. */
export function lastSeqno(db: Pick<Store["db"], "prepare">): number {
  return (db.prepare("SELECT coalesce(max(seqno), 0) AS n FROM ops").get() as { n: number }).n;
}
