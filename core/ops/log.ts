/**
 * The op log: the strand's system of record. Every change is appended as an op and folded
 * into the tables inside the same SQLite write transaction (`BEGIN IMMEDIATE`), so an op and
 * its effect are durable together or not at all, and concurrent writers (several MCP servers,
 * the CLI) serialize on SQLite's write lock instead of overwriting each other.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import type { Clock } from "../ports.ts";
import { HelixError } from "../errors.ts";
import type { Store } from "../store/store.ts";
import { sqliteError } from "../store/sqlite.ts";
import { applyOp } from "./fold.ts";
import { refoldTables } from "./rebuild.ts";
import { CLOCK_SUSPECT_SQL, type PointBound, pointCondition } from "./arrival.ts";
import { formatHlc, type Hlc, nextHlc, parseHlc } from "../model/hlc.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import {
  encodeOpText,
  isPurged,
  type LiveOp,
  type MemoryPurgePayload,
  type Op,
  type OpDraft,
  type OpKind,
  type PurgedOp,
  purgedRef,
  refsOf,
  tombstoneText,
} from "./op.ts";
import { IN_LIST } from "../store/store.ts";

/** What code running inside a write transaction can do. */
export interface LogTransaction {
  /** Wall-clock time when the transaction began (ms). */
  readonly now: number;
  /** The transaction's change counter for cache invalidation (allocated on first use). */
  readonly rev: number;
  /** Appends an op, folds it into the tables, and returns it with its id, clock and sequence. */
  append(draft: OpDraft): LiveOp;
}

/** Filters for reading the log. */
export interface ReadOpsOptions {
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

/** The op log of one strand. */
export interface OpLog {
  /** Runs `fn` in one write transaction; ops it appends commit with their effects or not at all. */
  transact<T>(action: string, fn: (tx: LogTransaction) => T): T;
  /** Reads ops. */
  read(options?: ReadOpsOptions): Op[];
  /**
   * Iterates every op in canonical order (hlc, device, change id), the order of the fold;
   * only those the strand held at `bound` when given (see `history/point.ts`).
   */
  canonical(bound?: PointBound): Iterable<Op>;
  /** Number of ops. */
  count(): number;
  /**
   * Change ids of ops that fail verification (empty when the log is intact): an op whose
   * stored bytes no longer hash to its id, or a tombstone no later `memory.purge` accounts
   * for (one whose memories include one the op touched: the op's `op_refs` hold its
   * `purged:` ref).
   */
  verify(): string[];
  /** The memory, edge and session ids each op touches (from `op_refs`), sorted. */
  refsOf(changeIds: readonly string[]): Map<string, string[]>;
  /** How many ops carry the tombstone of purge `changeId` among those touching `refs` (the purge's `purged:` refs). */
  purgedBy(changeId: string, refs: readonly string[]): number;
}

interface OpRow {
  changeId: string;
  hlc: string;
  deviceId: string;
  seq: number;
  kind: OpKind;
  payload: string;
}

const OP_SELECT =
  "o.change_id AS changeId, o.hlc AS hlc, o.device_id AS deviceId, o.seq AS seq, o.kind AS kind, o.payload AS payload";

/** Decodes a stored op row. */
function decodeOp(row: OpRow): Op {
  return {
    changeId: row.changeId,
    hlc: row.hlc,
    deviceId: row.deviceId,
    seq: row.seq,
    kind: row.kind,
    payload: JSON.parse(row.payload),
  } as Op;
}

/** Creates the op log over an open strand. */
export function createOpLog(store: Store, deps: { deviceId: string; clock: Clock }): OpLog {
  const { db } = store;
  const { deviceId, clock } = deps;
  // The local clock: the newest op whose clock was not suspect when it arrived (R27).
  const lastHlcStatement = db.prepare(
    `SELECT o.hlc AS hlc FROM ops o WHERE NOT (${CLOCK_SUSPECT_SQL}) ORDER BY o.hlc DESC LIMIT 1`,
  );
  // The newest op ahead of the local clock that shares a ref with a draft (CROSS JOIN: walk
  // the few ops ahead, not every op of a busy ref).
  const aheadStatement = db.prepare(
    `SELECT max(o.hlc) AS hlc FROM ops o CROSS JOIN op_refs r ON r.seqno = o.seqno
     WHERE o.hlc > ? AND r.ref IN ${IN_LIST}`,
  );
  const lastSeqStatement = db.prepare("SELECT max(seq) AS seq FROM ops WHERE device_id = ?");
  const insertOp = db.prepare(
    "INSERT INTO ops (change_id, hlc, device_id, seq, kind, payload, arrived) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertRef = db.prepare("INSERT OR IGNORE INTO op_refs (ref, seqno) VALUES (?, ?)");
  let inTransaction = false;

  /**
   * `local`, or just past the newest op ahead of the local clock (one merged with a clock
   * suspect of running ahead, which the local clock does not adopt) that the draft builds on:
   * an op must sort after the ops of the memories and edges it names, or a refold would apply
   * it first.
   */
  const after = (local: Hlc, refs: readonly string[]): Hlc => {
    const row = aheadStatement.get(formatHlc(local), JSON.stringify(refs)) as
      | { hlc: string | null }
      | undefined;
    return row?.hlc ? nextHlc(parseHlc(row.hlc), local.wall) : local;
  };

  function* canonicalOps(bound: PointBound = null): Iterable<Op> {
    const [condition, params] = pointCondition(bound);
    const statement: StatementSync = db.prepare(
      `SELECT ${OP_SELECT} FROM ops o WHERE ${condition} ORDER BY o.hlc, o.device_id, o.change_id`,
    );
    for (const row of statement.iterate(...params)) yield decodeOp(row as unknown as OpRow);
  }

  return {
    transact(action, fn) {
      if (inTransaction) throw new Error(`Cannot ${action}: a write transaction is already open`);
      inTransaction = true;
      try {
        begin(db, action);
        try {
          const now = clock.now();
          const lastRow = lastHlcStatement.get() as { hlc: string } | undefined;
          let last: Hlc | null = lastRow ? parseHlc(lastRow.hlc) : null;
          let seq = (lastSeqStatement.get(deviceId) as { seq: number | null }).seq ?? 0;
          let rev: number | undefined;
          const tx: LogTransaction = {
            now,
            get rev() {
              return rev ??= store.nextRev();
            },
            append(draft) {
              const local = nextHlc(last, now);
              last = local;
              const refs = refsOf(draft);
              const hlc = after(local, refs);
              seq += 1;
              const header = { hlc: formatHlc(hlc), deviceId, seq };
              const payloadText = canonicalJson(draft.payload);
              const changeId = sha256Hex(encodeOpText(header, draft.kind, payloadText));
              const op = { ...header, ...draft, changeId } as LiveOp;
              const result = insertOp.run(
                changeId,
                op.hlc,
                deviceId,
                seq,
                op.kind,
                payloadText,
                local.wall,
              );
              for (const ref of refs) insertRef.run(ref, result.lastInsertRowid);
              applyOp(store, op, tx.rev);
              if (store.takeRefold()) refoldTables(store, canonicalOps());
              return op;
            },
          };
          const result = fn(tx);
          db.exec("COMMIT");
          return result;
        } catch (error) {
          if (db.isTransaction) db.exec("ROLLBACK");
          throw sqliteError(error, action);
        }
      } finally {
        inTransaction = false;
      }
    },

    read(options = {}) {
      const where: string[] = [];
      const params: (string | number)[] = [];
      let from = "ops o";
      if (options.ref !== undefined) {
        from = "op_refs r JOIN ops o ON o.seqno = r.seqno";
        where.push("r.ref = ?");
        params.push(options.ref);
      }
      if (options.ids !== undefined) {
        where.push(`o.change_id IN ${IN_LIST}`);
        params.push(JSON.stringify(options.ids));
      }
      if (options.kinds?.length) {
        where.push(`o.kind IN (${options.kinds.map(() => "?").join(",")})`);
        params.push(...options.kinds);
      }
      if (options.since !== undefined) {
        where.push("o.hlc >= ?");
        params.push(formatHlc({ wall: Math.max(0, options.since), counter: 0 }));
      }
      if (options.until !== undefined) {
        where.push("o.hlc < ?");
        params.push(formatHlc({ wall: Math.max(0, options.until), counter: 0 }));
      }
      const direction = options.order === "canonical" ? "ASC" : "DESC";
      const sql =
        `SELECT ${OP_SELECT} FROM ${from}${where.length ? ` WHERE ${where.join(" AND ")}` : ""}` +
        ` ORDER BY o.hlc ${direction}, o.device_id ${direction}, o.change_id ${direction}` +
        (options.limit !== undefined ? ` LIMIT ${Math.trunc(options.limit)}` : "");
      return (db.prepare(sql).all(...params) as unknown as OpRow[]).map(decodeOp);
    },

    canonical: canonicalOps,

    count() {
      return (db.prepare("SELECT count(*) AS n FROM ops").get() as { n: number }).n;
    },

    verify() {
      // Purges by id, with their place in fold order and the purged refs of their memories.
      const purges = new Map<string, { order: string[]; refs: Set<string> }>();
      for (
        const row of db.prepare(
          "SELECT change_id AS changeId, hlc, device_id AS deviceId, payload FROM ops WHERE kind = 'memory.purge'",
        ).iterate() as Iterable<
          { changeId: string; hlc: string; deviceId: string; payload: string }
        >
      ) {
        purges.set(row.changeId, {
          order: [row.hlc, row.deviceId, row.changeId],
          refs: parsePurgedRefs(row.payload),
        });
      }
      const bad: string[] = [];
      const tombstoned: PurgedOp[] = [];
      for (
        const row of db.prepare(
          `SELECT ${OP_SELECT} FROM ops o ORDER BY o.hlc, o.device_id, o.change_id`,
        ).iterate()
      ) {
        const stored = row as unknown as OpRow;
        let op: Op;
        try {
          op = decodeOp(stored);
        } catch {
          bad.push(stored.changeId);
          continue;
        }
        if (isPurged(op)) tombstoned.push(op);
        else if (sha256Hex(encodeOpText(op, op.kind, canonicalJson(op.payload))) !== op.changeId) {
          bad.push(op.changeId);
        }
      }
      const refs = this.refsOf(tombstoned.map((op) => op.changeId));
      for (const op of tombstoned) {
        const purge = purges.get(op.payload.purged);
        const accounted = purge !== undefined && op.kind !== "memory.purge" &&
          canonicalJson(op.payload) === tombstoneText(op.payload.purged) &&
          before([op.hlc, op.deviceId, op.changeId], purge.order) &&
          (refs.get(op.changeId) ?? []).some((ref) => purge.refs.has(ref));
        if (!accounted) bad.push(op.changeId);
      }
      return bad;
    },

    refsOf(changeIds) {
      const out = new Map<string, string[]>();
      if (changeIds.length === 0) return out;
      const rows = db.prepare(
        `SELECT o.change_id AS changeId, r.ref AS ref FROM ops o JOIN op_refs r ON r.seqno = o.seqno
         WHERE o.change_id IN ${IN_LIST} ORDER BY r.ref`,
      ).all(JSON.stringify(changeIds)) as { changeId: string; ref: string }[];
      for (const { changeId, ref } of rows) out.set(changeId, [...(out.get(changeId) ?? []), ref]);
      return out;
    },

    purgedBy(changeId, refs) {
      return (db.prepare(
        `SELECT count(*) AS n FROM ops WHERE payload = ?
         AND seqno IN (SELECT seqno FROM op_refs WHERE ref IN ${IN_LIST})`,
      ).get(tombstoneText(changeId), JSON.stringify(refs)) as { n: number }).n;
    },
  };
}

/**
 * The {@linkcode purgedRef}s of the memories a stored purge payload names (none when it does
 * not parse: its hash fails then).
 */
function parsePurgedRefs(payload: string): Set<string> {
  try {
    const puts = (JSON.parse(payload) as MemoryPurgePayload).puts;
    return new Set(
      Array.isArray(puts) ? puts.filter((put) => typeof put === "string").map(purgedRef) : [],
    );
  } catch {
    return new Set();
  }
}

/** True when fold key `a` (hlc, device, change id) comes before `b`. */
function before(a: readonly string[], b: readonly string[]): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
  return false;
}

/** Starts a write transaction, translating a held lock into `store_locked`. */
function begin(db: DatabaseSync, action: string): void {
  try {
    db.exec("BEGIN IMMEDIATE");
  } catch (error) {
    const mapped = sqliteError(error, action);
    if (mapped instanceof HelixError) throw mapped;
    throw error;
  }
}
