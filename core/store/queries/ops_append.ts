/**
 * Appending to the op log: inserting an op with its refs, and what the log needs to stamp the
 * next op (the local clock, the newest clock ahead of it among a draft's refs, the device's
 * last sequence number).
 *
 * @module
 */
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";
import { CLOCK_SUSPECT_SQL } from "./ops_arrival.ts";

/** An op's stored identity: what `ops` keeps beside its payload text. */
export interface OpIdentity {
  readonly changeId: string;
  readonly hlc: string;
  readonly deviceId: string;
  readonly seq: number;
  readonly kind: string;
}

/** Inserts ops, its statements prepared once. */
export interface OpWriter {
  /**
   * Inserts `op` with its canonical payload text and arrival time (ms), and indexes it under
   * `refs` (the memory, edge and session ids it touches).
   */
  insert(op: OpIdentity, payload: string, arrived: number, refs: readonly string[]): void;
}

/** An {@linkcode OpWriter} for the strand's own log. */
export function opWriter(store: Pick<Store, "prepare">): OpWriter {
  const insertOp = store.prepare(
    `INSERT INTO ops (change_id, hlc, device_id, seq, kind, payload, arrived)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertRef = store.prepare("INSERT OR IGNORE INTO op_refs (ref, seqno) VALUES (?, ?)");
  return {
    insert(op, payload, arrived, refs) {
      const { lastInsertRowid } = insertOp.run(
        op.changeId,
        op.hlc,
        op.deviceId,
        op.seq,
        op.kind,
        payload,
        arrived,
      );
      for (const ref of refs) insertRef.run(ref, lastInsertRowid);
    },
  };
}

/** The local clock: the newest op whose clock was not suspect when it arrived (R27). */
export function localClock(store: Pick<Store, "prepare">): string | null {
  const row = store.prepare(
    `SELECT o.hlc AS hlc FROM ops o WHERE NOT (${CLOCK_SUSPECT_SQL}) ORDER BY o.hlc DESC LIMIT 1`,
  ).get() as { hlc: string } | undefined;
  return row?.hlc ?? null;
}

/**
 * The newest clock after `hlc` among the ops that share a ref with `refs`, or null (CROSS
 * JOIN: walk the few ops ahead, not every op of a busy ref).
 */
export function newestClockAhead(
  store: Pick<Store, "prepare">,
  hlc: string,
  refs: readonly string[],
): string | null {
  const row = store.prepare(
    `SELECT max(o.hlc) AS hlc FROM ops o CROSS JOIN op_refs r ON r.seqno = o.seqno
     WHERE o.hlc > ? AND r.ref IN ${IN_LIST}`,
  ).get(hlc, JSON.stringify(refs)) as { hlc: string | null } | undefined;
  return row?.hlc ?? null;
}

/** The last sequence number `deviceId` used, 0 before its first op. */
export function lastSeqOf(store: Pick<Store, "prepare">, deviceId: string): number {
  const row = store.prepare("SELECT max(seq) AS seq FROM ops WHERE device_id = ?")
    .get(deviceId) as { seq: number | null };
  return row.seq ?? 0;
}
