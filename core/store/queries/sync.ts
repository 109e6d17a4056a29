/**
 * The sync tables (sync-protocol R18; migration 11): this device's place in a synced strand
 * and the queues of push and pull. Local rows, never ops: they are not in the state hash, not
 * exported and not copied by sync.
 *
 * @module
 */
import type { Store } from "../store.ts";
import type { OpRow } from "./ops_read.ts";

type Db = Pick<Store, "prepare">;

/** This device's sync settings and cursors (one row, when the strand is synced). */
export interface SyncStrandRow {
  /** The strand's random id on the relay (hex). */
  readonly strandId: string;
  /** The relay's base URL. */
  readonly relay: string;
  /** The epoch this device seals under. */
  readonly epoch: number;
  /** The relay's server sequence pulled through. */
  readonly cursor: number;
  /** The op `seqno` sealed into the outbox through. */
  readonly sealedThrough: number;
  /** When this device joined (ms). */
  readonly joinedAt: number;
  /** When a push last finished (ms), or null. */
  readonly pushedAt: number | null;
  /** When a pull last finished (ms), or null. */
  readonly pulledAt: number | null;
  /** The witness relay's URL (R22), or null when none is set. */
  readonly witness: string | null;
}

/** The sync row, or null for a strand that is not synced. */
export function syncStrand(store: Db): SyncStrandRow | null {
  const row = store.prepare(
    `SELECT strand_id AS strandId, relay, epoch, cursor, sealed_through AS sealedThrough,
       joined_at AS joinedAt, pushed_at AS pushedAt, pulled_at AS pulledAt, witness
     FROM sync_strand WHERE one = 1`,
  ).get() as SyncStrandRow | undefined;
  return row ?? null;
}

/** Sets (or, with null, clears) the witness relay's URL. */
export function setWitness(store: Db, url: string | null): void {
  store.prepare("UPDATE sync_strand SET witness = ? WHERE one = 1").run(url);
}

/** Records that the strand is synced (replacing an earlier setting). */
export function startSync(
  store: Db,
  row: Pick<SyncStrandRow, "strandId" | "relay" | "epoch" | "joinedAt">,
): void {
  store.prepare(
    `INSERT OR REPLACE INTO sync_strand (one, strand_id, relay, epoch, joined_at)
     VALUES (1, ?, ?, ?, ?)`,
  ).run(row.strandId, row.relay, row.epoch, row.joinedAt);
}

/** Records that this device started the synced strand. */
export function markFirstDevice(store: Db): void {
  store.prepare("UPDATE sync_strand SET first = 1 WHERE one = 1").run();
}

/**
 * Whether this device makes derived memories (distillations, insights, profiles): always on a
 * strand that does not sync; on a synced one only on the device that started it, so two
 * machines never distil the same episodes into two memories each.
 */
export function derivesHere(store: Db): boolean {
  const row = store.prepare("SELECT first FROM sync_strand WHERE one = 1").get() as
    | { first: number }
    | undefined;
  return row === undefined || row.first === 1;
}

/** Advances the pull cursor and stamps the pull. */
export function setCursor(store: Db, cursor: number, now: number): void {
  store.prepare("UPDATE sync_strand SET cursor = max(cursor, ?), pulled_at = ? WHERE one = 1")
    .run(cursor, now);
}

/** Reads the relay's log from the start again at the next pull (after a relay lost data). */
export function resetCursor(store: Db): void {
  store.prepare("UPDATE sync_strand SET cursor = 0 WHERE one = 1").run();
}

/** Stamps a finished push. */
export function stampPush(store: Db, now: number): void {
  store.prepare("UPDATE sync_strand SET pushed_at = ? WHERE one = 1").run(now);
}

/** Records the op `seqno` sealed through. */
export function setSealedThrough(store: Db, seqno: number): void {
  store.prepare("UPDATE sync_strand SET sealed_through = max(sealed_through, ?) WHERE one = 1")
    .run(seqno);
}

/** Records an epoch's write public key and the key bundle this device opens it from. */
export function putEpoch(store: Db, epoch: number, wpk: Uint8Array, bundle: Uint8Array): void {
  store.prepare("INSERT OR REPLACE INTO sync_epochs (epoch, wpk, bundle) VALUES (?, ?, ?)")
    .run(epoch, wpk, bundle);
}

/** An epoch's write public key and bundle, or null. */
export function epochRow(
  store: Db,
  epoch: number,
): { wpk: Uint8Array; bundle: Uint8Array } | null {
  const row = store.prepare("SELECT wpk, bundle FROM sync_epochs WHERE epoch = ?").get(epoch) as
    | { wpk: Uint8Array; bundle: Uint8Array }
    | undefined;
  return row ?? null;
}

/** Every epoch held, oldest first. */
export function epochRows(
  store: Db,
): { epoch: number; wpk: Uint8Array; bundle: Uint8Array }[] {
  return store.prepare("SELECT epoch, wpk, bundle FROM sync_epochs ORDER BY epoch").all() as {
    epoch: number;
    wpk: Uint8Array;
    bundle: Uint8Array;
  }[];
}

/** Keeps a verified roster entry. */
export function putRosterEntry(store: Db, seq: number, hash: string, bytes: Uint8Array): void {
  store.prepare("INSERT OR IGNORE INTO sync_roster (seq, hash, bytes) VALUES (?, ?, ?)")
    .run(seq, hash, bytes);
}

/** The verified roster entries, genesis first. */
export function rosterEntries(store: Db): { seq: number; hash: string; bytes: Uint8Array }[] {
  return store.prepare("SELECT seq, hash, bytes FROM sync_roster ORDER BY seq").all() as {
    seq: number;
    hash: string;
    bytes: Uint8Array;
  }[];
}

/** A sealed delta waiting to be uploaded (or uploaded, when `acked`). */
export interface OutboxRow {
  readonly n: number;
  readonly changeId: string;
  readonly deltaId: string;
  readonly bytes: Uint8Array;
}

/** Queues a sealed delta for upload; a change already queued is kept as it was. */
export function queueDelta(store: Db, row: Omit<OutboxRow, "n">): void {
  store.prepare(
    "INSERT OR IGNORE INTO sync_outbox (change_id, delta_id, bytes) VALUES (?, ?, ?)",
  ).run(row.changeId, row.deltaId, row.bytes);
}

/** The oldest `limit` deltas not yet acknowledged by the relay, in queue order. */
export function unacked(store: Db, limit: number): OutboxRow[] {
  return store.prepare(
    `SELECT n, change_id AS changeId, delta_id AS deltaId, bytes FROM sync_outbox
     WHERE acked = 0 ORDER BY n LIMIT ?`,
  ).all(limit) as unknown as OutboxRow[];
}

/** Unacknowledged deltas after queue position `after`, in queue order, at most `limit`. */
export function unackedAfter(store: Db, after: number, limit: number): OutboxRow[] {
  return store.prepare(
    `SELECT n, change_id AS changeId, delta_id AS deltaId, bytes FROM sync_outbox
     WHERE acked = 0 AND n > ? ORDER BY n LIMIT ?`,
  ).all(after, limit) as unknown as OutboxRow[];
}

/** Replaces a queued delta's envelope (the same change re-sealed under a new epoch, R19). */
export function resealQueued(store: Db, n: number, deltaId: string, bytes: Uint8Array): void {
  store.prepare("UPDATE sync_outbox SET delta_id = ?, bytes = ? WHERE n = ?").run(
    deltaId,
    bytes,
    n,
  );
}

/** Records the epoch this device seals under from now on. */
export function setStrandEpoch(store: Db, epoch: number): void {
  store.prepare("UPDATE sync_strand SET epoch = ? WHERE one = 1").run(epoch);
}

/** Marks a queued delta acknowledged. */
export function ack(store: Db, n: number): void {
  store.prepare("UPDATE sync_outbox SET acked = 1 WHERE n = ?").run(n);
}

/** Deltas queued and not yet acknowledged. */
export function countUnacked(store: Db): number {
  return (store.prepare("SELECT count(*) AS n FROM sync_outbox WHERE acked = 0").get() as {
    n: number;
  }).n;
}

/** Every queued delta, acknowledged or not (what `sync repair` re-uploads). */
export function allQueued(store: Db): OutboxRow[] {
  return store.prepare(
    "SELECT n, change_id AS changeId, delta_id AS deltaId, bytes FROM sync_outbox ORDER BY n",
  ).all() as unknown as OutboxRow[];
}

/** A device's chain as this device has applied it. */
export interface ChainRow {
  readonly deviceId: string;
  readonly maxSeq: number;
  readonly head: string;
}

/** The chain of `deviceId`, or null when none of its changes is applied. */
export function chainOf(store: Db, deviceId: string): ChainRow | null {
  const row = store.prepare(
    "SELECT device_id AS deviceId, max_seq AS maxSeq, head FROM sync_chains WHERE device_id = ?",
  ).get(deviceId) as ChainRow | undefined;
  return row ?? null;
}

/** Every chain applied here. */
export function chains(store: Db): ChainRow[] {
  return store.prepare(
    "SELECT device_id AS deviceId, max_seq AS maxSeq, head FROM sync_chains ORDER BY device_id",
  ).all() as unknown as ChainRow[];
}

/** Records a change applied (or authored) here and moves its author's chain to it. */
export function markApplied(store: Db, changeId: string, deviceId: string, seq: number): void {
  store.prepare("INSERT OR IGNORE INTO sync_applied (change_id, device_id, seq) VALUES (?, ?, ?)")
    .run(changeId, deviceId, seq);
  store.prepare(
    `INSERT INTO sync_chains (device_id, max_seq, head) VALUES (?, ?, ?)
     ON CONFLICT (device_id) DO UPDATE SET max_seq = excluded.max_seq, head = excluded.head
     WHERE excluded.max_seq > sync_chains.max_seq`,
  ).run(deviceId, seq, changeId);
}

/** Whether the change is applied here. */
export function isApplied(store: Db, changeId: string): boolean {
  return store.prepare("SELECT 1 FROM sync_applied WHERE change_id = ?").get(changeId) !==
    undefined;
}

/** Changes applied here. */
export function countApplied(store: Db): number {
  return (store.prepare("SELECT count(*) AS n FROM sync_applied").get() as { n: number }).n;
}

/** A delta waiting for changes it depends on. */
export interface PendingRow {
  readonly deltaId: string;
  readonly changeId: string;
  /** The change ids (or `device:seq` chain links) it waits for. */
  readonly missing: readonly string[];
  readonly bytes: Uint8Array;
  readonly since: number;
}

/** Parks a delta until what it misses arrives (kept as first parked). */
export function park(store: Db, row: PendingRow): void {
  store.prepare(
    `INSERT INTO sync_pending (delta_id, change_id, missing, bytes, since) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (delta_id) DO UPDATE SET missing = excluded.missing`,
  ).run(row.deltaId, row.changeId, JSON.stringify(row.missing), row.bytes, row.since);
}

/** Every parked delta, oldest first. */
export function parked(store: Db): PendingRow[] {
  const rows = store.prepare(
    `SELECT delta_id AS deltaId, change_id AS changeId, missing, bytes, since
     FROM sync_pending ORDER BY since, delta_id`,
  ).all() as {
    deltaId: string;
    changeId: string;
    missing: string;
    bytes: Uint8Array;
    since: number;
  }[];
  return rows.map((row) => ({ ...row, missing: JSON.parse(row.missing) as string[] }));
}

/** Removes a parked delta. */
export function unpark(store: Db, deltaId: string): void {
  store.prepare("DELETE FROM sync_pending WHERE delta_id = ?").run(deltaId);
}

/** Sets a delta aside that failed verification, with the reason. */
export function quarantine(
  store: Db,
  row: { deltaId: string; serverSeq: number; reason: string; bytes: Uint8Array; at: number },
): void {
  store.prepare(
    `INSERT OR IGNORE INTO sync_quarantine (delta_id, server_seq, reason, bytes, at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(row.deltaId, row.serverSeq, row.reason, row.bytes, row.at);
}

/** Deltas set aside, newest first. */
export function quarantined(
  store: Db,
  limit: number,
): { deltaId: string; serverSeq: number; reason: string; at: number }[] {
  return store.prepare(
    `SELECT delta_id AS deltaId, server_seq AS serverSeq, reason, at FROM sync_quarantine
     ORDER BY at DESC, server_seq DESC LIMIT ?`,
  ).all(limit) as { deltaId: string; serverSeq: number; reason: string; at: number }[];
}

/** Counts of the queues. */
export function syncCounts(
  store: Db,
): { unacked: number; pending: number; quarantined: number; applied: number } {
  return store.prepare(
    `SELECT (SELECT count(*) FROM sync_outbox WHERE acked = 0) AS unacked,
       (SELECT count(*) FROM sync_pending) AS pending,
       (SELECT count(*) FROM sync_quarantine) AS quarantined,
       (SELECT count(*) FROM sync_applied) AS applied`,
  ).get() as { unacked: number; pending: number; quarantined: number; applied: number };
}

/** Keeps another device's sealed delta as received (once), for `sync repair` to re-upload. */
export function keepDelta(store: Db, deltaId: string, bytes: Uint8Array): void {
  store.prepare("INSERT OR IGNORE INTO sync_kept (delta_id, bytes) VALUES (?, ?)").run(
    deltaId,
    bytes,
  );
}

/** Other devices' kept deltas after `n`, in the order received, at most `limit`. */
export function keptDeltas(
  store: Db,
  after: number,
  limit: number,
): { n: number; deltaId: string; bytes: Uint8Array }[] {
  return store.prepare(
    "SELECT n, delta_id AS deltaId, bytes FROM sync_kept WHERE n > ? ORDER BY n LIMIT ?",
  ).all(after, limit) as unknown as { n: number; deltaId: string; bytes: Uint8Array }[];
}

/** How many deltas of other devices are kept. */
export function keptCount(store: Db): number {
  return (store.prepare("SELECT count(*) AS n FROM sync_kept").get() as { n: number }).n;
}

/**
 * Drops the sealed copies this device keeps only for `sync repair` after a hard forget: every
 * other device's envelope, and its own acknowledged ones. They are encrypted under keys this
 * device holds, so one of them could still open to the purged memory; the relay keeps its own
 * copies (which it cannot read) until compaction. Unacknowledged envelopes stay: they still
 * have to reach the relay.
 */
export function dropRepairCopies(store: Db): void {
  store.prepare("DELETE FROM sync_kept").run();
  store.prepare("DELETE FROM sync_outbox WHERE acked = 1").run();
}

/**
 * Records op change ids that arrived by pull, so they are never sealed back to the relay, with
 * the verified author device of the change that carried them (kept when already known).
 */
export function markReceived(
  store: Db,
  changeIds: readonly string[],
  author: string | null = null,
): void {
  const insert = store.prepare(
    `INSERT INTO sync_received (change_id, author) VALUES (?, ?)
     ON CONFLICT (change_id) DO UPDATE SET author = coalesce(author, excluded.author)`,
  );
  for (const id of changeIds) insert.run(id, author);
}

/**
 * Ops after `seqno` in arrival order that did not arrive by pull, at most `limit`, each with
 * its `seqno`: what sealing has yet to put into the outbox.
 */
export function opsToSeal(
  store: Db,
  seqno: number,
  limit: number,
): (OpRow & { seqno: number })[] {
  return store.prepare(
    `SELECT o.seqno AS seqno, o.change_id AS changeId, o.hlc AS hlc, o.device_id AS deviceId,
       o.seq AS seq, o.kind AS kind, o.payload AS payload
     FROM ops o WHERE o.seqno > ?
       AND NOT EXISTS (SELECT 1 FROM sync_received r WHERE r.change_id = o.change_id)
     ORDER BY o.seqno LIMIT ?`,
  ).all(seqno, limit) as unknown as (OpRow & { seqno: number })[];
}

/** The newest op `seqno` (0 for an empty log). */
export function newestSeqno(store: Db): number {
  return (store.prepare("SELECT coalesce(max(seqno), 0) AS n FROM ops").get() as { n: number }).n;
}
