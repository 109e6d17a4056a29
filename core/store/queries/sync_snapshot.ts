/**
 * The sync tables as a snapshot reads and writes them (R28): every applied change by chain
 * (what a snapshot covers), the same written back in bulk on a device that starts from one,
 * and the last snapshot this device made or applied, kept in `meta` (`sync_snapshot`: its id,
 * log position, whether made or applied, and when) so the next one names it as `previous`.
 *
 * @module
 */
import type { Store } from "../store.ts";

type Db = Pick<Store, "prepare">;

/** The last snapshot this device made or applied. */
export interface SnapshotMark {
  /** The snapshot's id (hex SHA-256 of its manifest and signature). */
  readonly snapshotId: string;
  /** The relay log position it covers. */
  readonly position: number;
  /** Whether this device made it or started from it. */
  readonly source: "made" | "applied";
  /** When (ms). */
  readonly at: number;
  /** Why the last snapshot offered at a join was refused (the device replayed instead). */
  readonly refused?: string;
}

const KEY = "sync_snapshot";

/** Every applied change, by device then seq. */
export function appliedByChain(store: Db): { deviceId: string; seq: number; changeId: string }[] {
  return store.prepare(
    `SELECT device_id AS deviceId, seq, change_id AS changeId FROM sync_applied
     ORDER BY device_id, seq`,
  ).all() as { deviceId: string; seq: number; changeId: string }[];
}

/** Records changes applied and each chain's head, in bulk (a snapshot's sync frontier). */
export function markAppliedBulk(
  store: Db,
  chains: readonly { device: string; changes: readonly { seq: number; changeId: string }[] }[],
): void {
  const applied = store.prepare(
    "INSERT OR IGNORE INTO sync_applied (change_id, device_id, seq) VALUES (?, ?, ?)",
  );
  const head = store.prepare(
    `INSERT INTO sync_chains (device_id, max_seq, head) VALUES (?, ?, ?)
     ON CONFLICT (device_id) DO UPDATE SET max_seq = excluded.max_seq, head = excluded.head
     WHERE excluded.max_seq > sync_chains.max_seq`,
  );
  for (const chain of chains) {
    for (const change of chain.changes) applied.run(change.changeId, chain.device, change.seq);
    const last = chain.changes.at(-1);
    if (last) head.run(chain.device, last.seq, last.changeId);
  }
}

/** The last snapshot made or applied here, or null. */
export function snapshotMark(store: Db): SnapshotMark | null {
  const row = store.prepare("SELECT value FROM meta WHERE key = ?").get(KEY) as
    | { value: string }
    | undefined;
  return row ? JSON.parse(row.value) as SnapshotMark : null;
}

/** Records the last snapshot made or applied here. */
export function setSnapshotMark(store: Db, mark: SnapshotMark): void {
  store.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    KEY,
    JSON.stringify(mark),
  );
}
