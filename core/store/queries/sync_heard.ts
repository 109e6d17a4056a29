/**
 * When this strand last heard from each device: the HLC wall time of the newest op it holds
 * from that device (by the verified author of the change that carried it; this machine's own
 * for ops written here), or of the newest sync change it applied from that device, whichever
 * is later: a machine that only reads still sends a change of no ops to acknowledge a
 * snapshot (R28). Members read a team's keeper's liveness from it (docs/teams.md, "Upkeep").
 * Local rows, never ops.
 *
 * @module
 */
import { parseHlc } from "../../model/hlc.ts";
import type { Store } from "../store.ts";

/**
 * Each device's newest op's wall time (ms), by sync device id; `me` is this machine's. Ops
 * received before authors were recorded (schema 18) name no device and are left out.
 */
export function heardFrom(store: Pick<Store, "prepare">, me: string): Map<string, number> {
  // The newest op of each op-log device (its (device_id, seq) index), then who sent it.
  const rows = store.prepare(
    `SELECT o.hlc AS hlc, r.change_id IS NOT NULL AS received, r.author AS author
     FROM (SELECT device_id, max(seq) AS seq FROM ops GROUP BY device_id) m
     JOIN ops o ON o.device_id = m.device_id AND o.seq = m.seq
     LEFT JOIN sync_received r ON r.change_id = o.change_id`,
  ).all() as { hlc: string; received: number; author: string | null }[];
  const out = new Map<string, number>(Object.entries(changesHeard(store)));
  for (const row of rows) {
    const device = row.received === 1 ? row.author : me;
    if (device === null) continue;
    const wall = parseHlc(row.hlc).wall;
    if (wall > (out.get(device) ?? -Infinity)) out.set(device, wall);
  }
  return out;
}

const KEY = "sync_heard";

/** Each author's newest applied sync change's wall time (ms), as {@linkcode recordHeard} kept it. */
function changesHeard(store: Pick<Store, "prepare">): Record<string, number> {
  const row = store.prepare("SELECT value FROM meta WHERE key = ?").get(KEY) as
    | { value: string }
    | undefined;
  return row ? JSON.parse(row.value) as Record<string, number> : {};
}

/**
 * Records the wall time of each of `changes` (just applied, in the same transaction) against
 * its author, so that changes without ops (acknowledgements) count as hearing from a device.
 */
export function recordHeard(
  store: Pick<Store, "prepare">,
  changes: readonly { author: string; hlc: string }[],
): void {
  if (changes.length === 0) return;
  const heard = changesHeard(store);
  for (const change of changes) {
    const wall = parseHlc(change.hlc).wall;
    if (wall > (heard[change.author] ?? -Infinity)) heard[change.author] = wall;
  }
  store.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    KEY,
    JSON.stringify(heard),
  );
}
