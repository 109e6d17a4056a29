/**
 * What each device has acknowledged (R28): for every device whose changes this device applied,
 * the highest change of each chain its latest change cites in `deps` (its own chain: its own
 * latest seq). A change's `deps` name the heads of every chain its author had applied, and a
 * chain is applied in order, so this is exactly the part of each chain in the change's
 * transitive past. Kept in `meta` (`sync_acks`, JSON `{device: {chain: seq}}`), updated in the
 * transaction that records the changes applied; a GC marker is made only once every current
 * device's entry covers the snapshot's frontier (`core/sync/compact.ts`).
 *
 * @module
 */
import type { Store } from "../store.ts";

type Db = Pick<Store, "prepare">;

/** Per device: chain → the highest seq its latest applied change covers. */
export type AckVectors = Record<string, Record<string, number>>;

const KEY = "sync_acks";

/** Every device's acknowledgements as recorded here. */
export function ackVectors(store: Db): AckVectors {
  const row = store.prepare("SELECT value FROM meta WHERE key = ?").get(KEY) as
    | { value: string }
    | undefined;
  return row ? JSON.parse(row.value) as AckVectors : {};
}

/**
 * Records what `changes` (just recorded applied, in the same transaction) acknowledge. Each
 * dep is looked up among the applied changes; one not applied here counts for nothing.
 */
export function recordAcks(
  store: Db,
  changes: readonly { author: string; authorSeq: number; deps: readonly string[] }[],
): void {
  if (changes.length === 0) return;
  const vectors = ackVectors(store);
  const seqOf = store.prepare(
    "SELECT device_id AS device, seq FROM sync_applied WHERE change_id = ?",
  );
  for (const change of changes) {
    const vector = vectors[change.author] ??= {};
    const raise = (chain: string, seq: number) => {
      if ((vector[chain] ?? 0) < seq) vector[chain] = seq;
    };
    raise(change.author, change.authorSeq);
    for (const dep of change.deps) {
      const found = seqOf.get(dep) as { device: string; seq: number } | undefined;
      if (found) raise(found.device, found.seq);
    }
  }
  store.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    KEY,
    JSON.stringify(vectors),
  );
}

/** This device's side of acknowledging snapshots (`core/sync/acknowledge.ts`). */
export interface OwnAcks {
  /** The highest relay log position of a delta this device pushed (0: none known). */
  readonly pushedAt: number;
  /** The upload id of the last snapshot this device acknowledged, or null. */
  readonly snapshot: string | null;
}

const OWN = "sync_own_acks";

/** Where this device stands in acknowledging snapshots. */
export function ownAcks(store: Db): OwnAcks {
  const row = store.prepare("SELECT value FROM meta WHERE key = ?").get(OWN) as
    | { value: string }
    | undefined;
  return row ? JSON.parse(row.value) as OwnAcks : { pushedAt: 0, snapshot: null };
}

/** Updates this device's side of acknowledging snapshots. */
export function setOwnAcks(store: Db, patch: Partial<OwnAcks>): void {
  const next = { ...ownAcks(store), ...patch };
  store.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)").run(
    OWN,
    JSON.stringify(next),
  );
}
