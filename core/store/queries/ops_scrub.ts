/**
 * Scrubbing the log of purged memories: finding the ops that touched them, replacing those
 * ops' payloads with the purge's tombstone, renaming their refs, and dropping refs to removed
 * edges.
 *
 * @module
 */
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";
import type { FoldKey } from "./ops_merge.ts";

/**
 * The `op_refs` entries naming any of `ids` of ops (other than purges) that sort before
 * `before` in fold order: their log position and the ref.
 */
export function refsBefore(
  store: Pick<Store, "prepare">,
  ids: readonly string[],
  before: FoldKey,
): { seqno: number; ref: string }[] {
  return store.prepare(
    `SELECT r.seqno AS seqno, r.ref AS ref FROM op_refs r JOIN ops o ON o.seqno = r.seqno
     WHERE r.ref IN ${IN_LIST} AND o.kind != 'memory.purge'
       AND (o.hlc, o.device_id, o.change_id) < (?, ?, ?)`,
  ).all(JSON.stringify(ids), before.hlc, before.deviceId, before.changeId) as {
    seqno: number;
    ref: string;
  }[];
}

/** Gives the ops at `seqnos` the payload `tombstone`, unless an earlier purge's is there. */
export function tombstoneOps(
  store: Pick<Store, "prepare">,
  seqnos: readonly number[],
  tombstone: string,
): void {
  store.prepare(
    `UPDATE ops SET payload = ?
     WHERE seqno IN ${IN_LIST} AND json_extract(payload, '$.purged') IS NULL`,
  ).run(tombstone, JSON.stringify(seqnos));
}

/** Renames the ref `from` of the op at `seqno` to `to`. */
export function renameRef(
  store: Pick<Store, "prepare">,
  seqno: number,
  from: string,
  to: string,
): void {
  store.prepare("UPDATE op_refs SET ref = ? WHERE ref = ? AND seqno = ?").run(to, from, seqno);
}

/** Drops every `op_refs` entry naming any of `refs`. */
export function dropRefs(store: Pick<Store, "prepare">, refs: readonly string[]): void {
  store.prepare(`DELETE FROM op_refs WHERE ref IN ${IN_LIST}`).run(JSON.stringify(refs));
}
