/**
 * A memory's ops in the log the tables are folded from (`Store.log`: the live strand's, also
 * for a scratch strand folded from it): what the fold reads to see a memory as a concurrent
 * writer saw it, and to tell whether two supersessions were concurrent.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** A memory op as stored (payload still text). */
export interface MemoryOpRow {
  readonly changeId: string;
  readonly hlc: string;
  readonly deviceId: string;
  readonly kind: string;
  readonly payload: string;
}

/** The ops that touch memory `id` and can change its fields (put, patch, forget, reinforce). */
export function memoryOpRows(store: Pick<Store, "prepareLog">, id: string): MemoryOpRow[] {
  return store.prepareLog(
    `SELECT o.change_id AS changeId, o.hlc AS hlc, o.device_id AS deviceId, o.kind AS kind,
            o.payload AS payload
     FROM op_refs r JOIN ops o ON o.seqno = r.seqno
     WHERE r.ref = ? AND o.kind IN ('memory.put', 'memory.patch', 'memory.forget', 'memory.reinforce')`,
  ).all(id) as unknown as MemoryOpRow[];
}

/** The device and sequence number of op `changeId`, if the log holds it. */
export function deviceSeqOf(
  store: Pick<Store, "prepareLog">,
  changeId: string,
): { device: string; seq: number } | undefined {
  return store.prepareLog("SELECT device_id AS device, seq FROM ops WHERE change_id = ?")
    .get(changeId) as { device: string; seq: number } | undefined;
}

/** The `memory.patch` `deviceId` numbered `seq` (change id and payload text), if any. */
export function patchAtSeq(
  store: Pick<Store, "prepareLog">,
  deviceId: string,
  seq: number,
): { id: string; payload: string } | undefined {
  return store.prepareLog(
    "SELECT change_id AS id, payload FROM ops WHERE device_id = ? AND seq = ? AND kind = 'memory.patch'",
  ).get(deviceId, seq) as { id: string; payload: string } | undefined;
}
