/**
 * The relay's log as this device verified it (migration 13): the relay's pinned signing key
 * and the frontier of its log, and the alarms sync raised that stay until the user acts
 * (`ROLLBACK`, `TAMPER` of a head, `WITHHELD` of a skipped delta). Local rows, never ops.
 *
 * @module
 */
import type { Store } from "../store.ts";

type Db = Pick<Store, "prepare">;

/** The pinned relay key (null: none yet) and the verified frontier's text (null: none). */
export function logState(store: Db): { relayKey: Uint8Array | null; frontier: string | null } {
  const row = store.prepare("SELECT relay_key AS relayKey, frontier FROM sync_log WHERE one = 1")
    .get() as { relayKey: Uint8Array | null; frontier: string } | undefined;
  return { relayKey: row?.relayKey ?? null, frontier: row?.frontier ?? null };
}

/** Pins the relay's key (kept when one is pinned already). */
export function pinRelayKey(store: Db, key: Uint8Array, emptyFrontier: string): void {
  store.prepare(
    `INSERT INTO sync_log (one, relay_key, frontier) VALUES (1, ?, ?)
     ON CONFLICT (one) DO UPDATE SET relay_key = coalesce(relay_key, excluded.relay_key)`,
  ).run(key, emptyFrontier);
}

/** Pins the relay's key anew, with a new frontier (a repair the user confirmed). */
export function repinRelayKey(store: Db, key: Uint8Array | null, frontier: string): void {
  store.prepare(
    `INSERT INTO sync_log (one, relay_key, frontier) VALUES (1, ?, ?)
     ON CONFLICT (one) DO UPDATE SET relay_key = excluded.relay_key, frontier = excluded.frontier`,
  ).run(key, frontier);
}

/** Records the frontier verified through. */
export function setFrontier(store: Db, frontier: string): void {
  store.prepare(
    `INSERT INTO sync_log (one, relay_key, frontier) VALUES (1, NULL, ?)
     ON CONFLICT (one) DO UPDATE SET frontier = excluded.frontier`,
  ).run(frontier);
}

/** Records the signed head whose root this device verified (its encoding). */
export function setVerifiedHead(store: Db, head: Uint8Array): void {
  store.prepare("UPDATE sync_log SET head = ? WHERE one = 1").run(head);
}

/** The signed head this device last verified (its encoding), or null. */
export function verifiedHead(store: Db): Uint8Array | null {
  const row = store.prepare("SELECT head FROM sync_log WHERE one = 1").get() as
    | { head: Uint8Array | null }
    | undefined;
  return row?.head ?? null;
}

/** Raises an alarm (once per kind and detail; one cleared before is raised again). */
export function raiseAlarm(store: Db, kind: string, detail: string, at: number): void {
  store.prepare(
    `INSERT INTO sync_alarms (kind, detail, at) VALUES (?, ?, ?)
     ON CONFLICT (kind, detail) DO UPDATE SET cleared_at = NULL, at = excluded.at`,
  ).run(kind, detail, at);
}

/** Alarms not cleared, oldest first. */
export function openAlarms(store: Db): { kind: string; detail: string; at: number }[] {
  return store.prepare(
    "SELECT kind, detail, at FROM sync_alarms WHERE cleared_at IS NULL ORDER BY at, n",
  ).all() as { kind: string; detail: string; at: number }[];
}

/** Clears the open alarms of `kinds` (the user acted on them, e.g. `helix sync repair`). */
export function clearAlarms(store: Db, kinds: readonly string[], at: number): void {
  const clear = store.prepare(
    "UPDATE sync_alarms SET cleared_at = ? WHERE kind = ? AND cleared_at IS NULL",
  );
  for (const kind of kinds) clear.run(at, kind);
}
