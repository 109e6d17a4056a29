/**
 * Merging another strand's history (DESIGN §5, sync-protocol R24–R26): the union of the two
 * op sets, folded deterministically. Ops already here are skipped by change id (re-importing
 * is a no-op). New ops that all sort after this strand's newest op are folded onto the
 * tables; otherwise the whole log is refolded into a scratch strand and the rows that differ
 * are written (`refold_changed.ts`; a full refold when a purge sorts after a new op), so the
 * tables are always the fold of the op set in canonical order, whichever order the ops
 * arrived in. Concurrent edits are merged by
 * the fold itself (`concurrency.ts`). All of it is one transaction: a bad op leaves the strand
 * as it was.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import { sha256Hex } from "../util/hash.ts";
import type { Store } from "../store/store.ts";
import { IN_LIST } from "../store/store.ts";
import { CLOCK_SUSPECT_SQL } from "./arrival.ts";
import { type ConflictRecord, listConflicts } from "./concurrency.ts";
import { applyOp } from "./fold.ts";
import type { OpLog } from "./log.ts";
import {
  encodeOpText,
  isPurged,
  type MemoryPurgePayload,
  type Op,
  OP_KINDS,
  type OpKind,
  purgedRef,
  refsOf,
  tombstoneText,
} from "./op.ts";
import { refoldTables } from "./rebuild.ts";
import { refoldChanged } from "./refold_changed.ts";

/** What merging ops did. */
export interface MergeReport {
  /** Ops given. */
  readonly received: number;
  /** Ops this strand did not have, now added. */
  readonly added: number;
  /** Whether the tables were refolded (new ops sorted before ops already here). */
  readonly refolded: boolean;
  /**
   * The strand's newest op before the merge (a point `rollback` can return to), or null for
   * a strand that had none.
   */
  readonly before: string | null;
  /** Conflicts the merge opened or settled automatically (see `concurrency.ts`). */
  readonly conflicts: readonly ConflictRecord[];
  /** Conflicts still open in the strand, this merge's and earlier ones. */
  readonly open: number;
  /**
   * Change ids of the added ops whose clock was more than a day ahead of this strand's
   * (`clock_suspect`, R27): merged, but their clock is not adopted.
   */
  readonly clockSuspect: readonly string[];
}

const HEX64 = /^[0-9a-f]{64}$/;
const HLC = /^\d{15}-\d{5}$/;

/**
 * Merges `ops` into the strand. Throws `invalid_input` for an op that is not well formed,
 * `tampered` for one whose bytes do not hash to its change id, `conflict` for a device
 * sequence number already used by another op (a forked device history), and `not_found` when
 * an op needs a memory neither side has; the strand is unchanged then.
 */
export function mergeOps(
  store: Store,
  log: OpLog,
  ops: readonly Op[],
  arrived: number,
  onProgress?: MergeProgress,
): MergeReport {
  const incoming = new Map<string, Op>();
  ops.forEach((op, index) => {
    checkOp(op, index);
    incoming.set(op.changeId, op);
  });
  return log.transact("merge ops", () => {
    const known = store.prepare(`SELECT change_id AS id FROM ops WHERE change_id IN ${IN_LIST}`)
      .all(JSON.stringify([...incoming.keys()])) as { id: string }[];
    for (const { id } of known) incoming.delete(id);
    const fresh = [...incoming.values()].sort(byFoldOrder);
    const newest = store.prepare(
      "SELECT change_id AS id, hlc, device_id AS device FROM ops ORDER BY hlc DESC, device_id DESC, change_id DESC LIMIT 1",
    ).get() as { id: string; hlc: string; device: string } | undefined;
    if (fresh.length === 0) {
      return report(store, ops.length, 0, false, newest?.id ?? null, []);
    }
    checkSequences(store, fresh);
    const insert = store.prepare(
      "INSERT INTO ops (change_id, hlc, device_id, seq, kind, payload, arrived) VALUES (?, ?, ?, ?, ?, ?, ?)",
    );
    const insertRef = store.prepare("INSERT OR IGNORE INTO op_refs (ref, seqno) VALUES (?, ?)");
    const purges = purgeRefs(store, fresh);
    for (const op of fresh) {
      const payload = isPurged(op) ? tombstoneText(op.payload.purged) : canonicalJson(op.payload);
      const { lastInsertRowid } = insert.run(
        op.changeId,
        op.hlc,
        op.deviceId,
        op.seq,
        op.kind,
        payload,
        arrived,
      );
      const refs = isPurged(op) ? purges.get(op.payload.purged) ?? [] : refsOf(op);
      for (const ref of refs) insertRef.run(ref, lastInsertRowid);
    }
    const appendOnly = newest === undefined ||
      byFoldOrder(fresh[0]!, { hlc: newest.hlc, deviceId: newest.device, changeId: newest.id }) > 0;
    const everyOp = () => {
      if (!onProgress) return log.canonical();
      const { n } = store.prepare("SELECT count(*) AS n FROM ops").get() as { n: number };
      return reporting(log.canonical(), n, onProgress);
    };
    try {
      if (appendOnly) {
        const rev = store.nextRev();
        fresh.forEach((op, i) => {
          applyOp(store, op, rev);
          if (store.takeRefold()) refoldTables(store, log.canonical());
          onProgress?.(i + 1, fresh.length);
        });
      } else if (purgeSince(store, fresh[0]!)) {
        refoldTables(store, everyOp()); // the purge must scrub the ops that land before it
      } else refoldChanged(store, everyOp());
    } catch (error) {
      if (error instanceof HelixError && error.code === "not_found") {
        throw new HelixError(
          "not_found",
          `Cannot merge ops: ${error.message}; the ops it needs are in neither strand (merge the file they came in first)`,
          { cause: error },
        );
      }
      throw error;
    }
    return report(
      store,
      ops.length,
      fresh.length,
      !appendOnly,
      newest?.id ?? null,
      fresh.map((op) => op.changeId),
    );
  });
}

function report(
  store: Store,
  received: number,
  added: number,
  refolded: boolean,
  before: string | null,
  addedIds: readonly string[],
): MergeReport {
  const all = listConflicts(store, true);
  const ids = new Set(addedIds);
  const suspect = store.prepare(
    `SELECT o.change_id AS id FROM ops o
     WHERE o.change_id IN ${IN_LIST} AND ${CLOCK_SUSPECT_SQL} ORDER BY o.seqno`,
  ).all(JSON.stringify(addedIds)) as { id: string }[];
  return {
    received,
    added,
    refolded,
    before,
    conflicts: all.filter((c) => ids.has(c.op)),
    open: all.filter((c) => c.resolvedOp === null).length,
    clockSuspect: suspect.map((row) => row.id),
  };
}

/**
 * Called as a merge folds: `done` of `total` ops (the new ops, or every op when the merge
 * refolds). Synchronous, like the merge.
 */
export type MergeProgress = (done: number, total: number) => void;

function* reporting(ops: Iterable<Op>, total: number, onProgress: MergeProgress): Iterable<Op> {
  let done = 0;
  for (const op of ops) {
    yield op;
    onProgress(++done, total);
  }
}

/** Whether a purge sorts at or after `op` (the earliest new op, already in the log). */
function purgeSince(store: Store, op: Op): boolean {
  return store.prepare(
    `SELECT 1 FROM ops WHERE kind = 'memory.purge'
     AND (hlc, device_id, change_id) >= (?, ?, ?) LIMIT 1`,
  ).get(op.hlc, op.deviceId, op.changeId) !== undefined;
}

/** Fold order: `(hlc, device, change id)`. */
function byFoldOrder(
  a: Pick<Op, "hlc" | "deviceId" | "changeId">,
  b: Pick<Op, "hlc" | "deviceId" | "changeId">,
): number {
  return compare(a.hlc, b.hlc) || compare(a.deviceId, b.deviceId) ||
    compare(a.changeId, b.changeId);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Throws unless `op` is a well-formed op whose bytes hash to its change id. */
function checkOp(op: Op, index: number): void {
  const bad = (problem: string) =>
    new HelixError("invalid_input", `Cannot merge ops: ops[${index}]: ${problem}`, {
      details: { index },
    });
  if (typeof op !== "object" || op === null) throw bad("not an op");
  if (typeof op.changeId !== "string" || !HEX64.test(op.changeId)) throw bad("bad change id");
  if (typeof op.hlc !== "string" || !HLC.test(op.hlc)) throw bad("bad clock");
  if (typeof op.deviceId !== "string" || op.deviceId.length === 0 || op.deviceId.length > 256) {
    throw bad("bad device id");
  }
  if (!Number.isSafeInteger(op.seq) || op.seq < 1) throw bad("bad sequence number");
  if (!(OP_KINDS as readonly string[]).includes(op.kind)) throw bad(`unknown kind ${op.kind}`);
  if (typeof op.payload !== "object" || op.payload === null || Array.isArray(op.payload)) {
    throw bad("payload is not an object");
  }
  if (isPurged(op)) {
    if (!HEX64.test(String(op.payload.purged)) || Object.keys(op.payload).length !== 1) {
      throw bad("malformed tombstone");
    }
    return;
  }
  const text = encodeOpText(op, op.kind as OpKind, canonicalJson(op.payload));
  if (sha256Hex(text) !== op.changeId) {
    throw new HelixError(
      "tampered",
      `Cannot merge ops: ops[${index}] (${
        op.changeId.slice(0, 12)
      }) does not hash to its change id`,
      { details: { index, changeId: op.changeId } },
    );
  }
}

/** Throws `conflict` when a device's sequence number is taken by a different op here. */
function checkSequences(store: Store, ops: readonly Op[]): void {
  const taken = store.prepare("SELECT change_id AS id FROM ops WHERE device_id = ? AND seq = ?");
  const seen = new Map<string, string>();
  for (const op of ops) {
    const key = `${op.deviceId}\u0000${op.seq}`;
    const other = seen.get(key) ??
      (taken.get(op.deviceId, op.seq) as { id: string } | undefined)?.id;
    if (other !== undefined && other !== op.changeId) {
      throw new HelixError(
        "conflict",
        `Cannot merge ops: device ${op.deviceId} used sequence number ${op.seq} for two different ops (a forked history)`,
        { details: { deviceId: op.deviceId, seq: op.seq } },
      );
    }
    seen.set(key, op.changeId);
  }
}

/**
 * The `purged:` refs each purge among `ops` (or already here) covers: what a tombstoned op
 * that arrives is indexed under, so the log still verifies.
 */
function purgeRefs(store: Store, ops: readonly Op[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const wanted = new Set(ops.filter(isPurged).map((op) => op.payload.purged));
  for (const op of ops) {
    if (op.kind === "memory.purge" && !isPurged(op)) {
      out.set(op.changeId, (op.payload as MemoryPurgePayload).puts.map(purgedRef));
    }
  }
  const local = store.prepare(
    "SELECT payload FROM ops WHERE change_id = ? AND kind = 'memory.purge'",
  );
  for (const id of wanted) {
    if (out.has(id)) continue;
    const row = local.get(id) as { payload: string } | undefined;
    if (row) out.set(id, (JSON.parse(row.payload) as MemoryPurgePayload).puts.map(purgedRef));
  }
  return out;
}
