/**
 * What merging another strand's ops asks of the log: which ops are here already, the newest
 * op, who holds a device's sequence number, a purge's payload, whether a purge sorts after a
 * point, and which ops arrived while a merge was being planned.
 *
 * @module
 */
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";

/** Where an op sorts in fold order: `(hlc, device, change id)`. */
export interface FoldKey {
  /** The op's hybrid logical clock. */
  readonly hlc: string;
  /** The device that made it. */
  readonly deviceId: string;
  /** Its change id (the last tie-break). */
  readonly changeId: string;
}

/** The change ids among `changeIds` that the log holds. */
export function knownChangeIds(
  store: Pick<Store, "prepare">,
  changeIds: readonly string[],
): string[] {
  return (store.prepare(`SELECT change_id AS id FROM ops WHERE change_id IN ${IN_LIST}`)
    .all(JSON.stringify(changeIds)) as { id: string }[]).map((row) => row.id);
}

/** The op that sorts last in fold order, or undefined for an empty log. */
export function newestOp(store: Pick<Store, "prepare">): FoldKey | undefined {
  return store.prepare(
    `SELECT change_id AS changeId, hlc, device_id AS deviceId FROM ops
     ORDER BY hlc DESC, device_id DESC, change_id DESC LIMIT 1`,
  ).get() as FoldKey | undefined;
}

/** The change id of the op `deviceId` numbered `seq`, if the log holds one. */
export function changeIdAtSeq(
  store: Pick<Store, "prepare">,
  deviceId: string,
  seq: number,
): string | undefined {
  const row = store.prepare("SELECT change_id AS id FROM ops WHERE device_id = ? AND seq = ?")
    .get(deviceId, seq) as { id: string } | undefined;
  return row?.id;
}

/** The stored payload text of the `memory.purge` `changeId`, if the log holds it. */
export function purgePayloadOf(
  store: Pick<Store, "prepare">,
  changeId: string,
): string | undefined {
  const row = store.prepare(
    "SELECT payload FROM ops WHERE change_id = ? AND kind = 'memory.purge'",
  ).get(changeId) as { payload: string } | undefined;
  return row?.payload;
}

/** Whether a `memory.purge` sorts at or after `key` in fold order. */
export function purgeAtOrAfter(store: Pick<Store, "prepare">, key: FoldKey): boolean {
  return store.prepare(
    `SELECT 1 FROM ops WHERE kind = 'memory.purge'
     AND (hlc, device_id, change_id) >= (?, ?, ?) LIMIT 1`,
  ).get(key.hlc, key.deviceId, key.changeId) !== undefined;
}

/** An op the log received after some point, with the refs it is indexed under. */
export interface ArrivedOp {
  readonly seqno: number;
  readonly changeId: string;
  readonly kind: string;
  readonly refs: string[];
}

/** The ops stored after sequence number `seqno` (this strand's local order), oldest first. */
export function opsAfter(store: Pick<Store, "prepare">, seqno: number): ArrivedOp[] {
  const rows = store.prepare(
    `SELECT o.seqno AS seqno, o.change_id AS changeId, o.kind AS kind, r.ref AS ref
     FROM ops o LEFT JOIN op_refs r ON r.seqno = o.seqno WHERE o.seqno > ? ORDER BY o.seqno`,
  ).all(seqno) as { seqno: number; changeId: string; kind: string; ref: string | null }[];
  const out: ArrivedOp[] = [];
  for (const row of rows) {
    let last = out.at(-1);
    if (last?.seqno !== row.seqno) {
      last = { seqno: row.seqno, changeId: row.changeId, kind: row.kind, refs: [] };
      out.push(last);
    }
    if (row.ref !== null) last.refs.push(row.ref);
  }
  return out;
}
