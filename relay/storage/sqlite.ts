/**
 * The SQLite relay backend (self-hosting default): one file, WAL, `synchronous = FULL` so an
 * acknowledged push survives power loss; pushes that arrive together share one commit
 * (`group_commit.ts`). Tables hold exactly the R15 columns; a strand row keeps the roster head,
 * the next delta sequence and the bytes used, updated in the same transaction as each append.
 *
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { logAppendNodes, logLeafHash } from "@helix/core/wire";
import { groupCommit } from "./group_commit.ts";
import { sqliteCompaction } from "./sqlite_compaction.ts";
import { sqliteSnapshots } from "./sqlite_snapshots.ts";
import type {
  AppendDeltaResult,
  AppendRosterResult,
  DeltaRecord,
  ListCaps,
  LogNodeKey,
  RelayStorage,
  RosterHead,
  RosterRecord,
  StoredItem,
} from "./types.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS strands (
  id INTEGER PRIMARY KEY,
  strand_id TEXT NOT NULL UNIQUE,
  head_seq INTEGER NOT NULL,
  head_hash TEXT NOT NULL,
  epoch INTEGER NOT NULL,
  wpk BLOB NOT NULL,
  delta_seq INTEGER NOT NULL DEFAULT 0,
  bytes_used INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS roster (
  strand INTEGER NOT NULL REFERENCES strands (id),
  seq INTEGER NOT NULL,
  epoch INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  received_day INTEGER NOT NULL,
  PRIMARY KEY (strand, seq)
);
CREATE TABLE IF NOT EXISTS deltas (
  strand INTEGER NOT NULL REFERENCES strands (id),
  server_seq INTEGER NOT NULL,
  delta_id BLOB NOT NULL,
  epoch INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  received_day INTEGER NOT NULL,
  PRIMARY KEY (strand, server_seq),
  UNIQUE (strand, delta_id)
);
CREATE TABLE IF NOT EXISTS compacted_deltas (
  strand INTEGER NOT NULL REFERENCES strands (id),
  delta_id BLOB NOT NULL,
  server_seq INTEGER NOT NULL,
  PRIMARY KEY (strand, delta_id)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS log_nodes (
  strand INTEGER NOT NULL REFERENCES strands (id),
  level INTEGER NOT NULL,
  idx INTEGER NOT NULL,
  hash BLOB NOT NULL,
  PRIMARY KEY (strand, level, idx)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS rendezvous (
  id TEXT NOT NULL,
  slot TEXT NOT NULL,
  bytes BLOB NOT NULL,
  expires_at INTEGER NOT NULL,
  PRIMARY KEY (id, slot)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS rendezvous_expiry ON rendezvous (expires_at);
`;

/** The strand's row id, from its 32-hex id: every per-strand query goes through it. */
const STRAND = "(SELECT id FROM strands WHERE strand_id = ?)";

const SQL = {
  head: "SELECT head_seq AS seq, head_hash AS hash, epoch, wpk FROM strands WHERE strand_id = ?",
  strand: `SELECT id, epoch, delta_seq AS deltaSeq, bytes_used AS bytesUsed FROM strands
    WHERE strand_id = ?`,
  createStrand: `INSERT INTO strands (strand_id, head_seq, head_hash, epoch, wpk)
    VALUES (?, ?, ?, ?, ?) ON CONFLICT (strand_id) DO NOTHING`,
  setHead: `UPDATE strands SET head_seq = ?, head_hash = ?, epoch = ?, wpk = ?
    WHERE strand_id = ? AND head_seq = ? AND head_hash = ?`,
  insertRoster: `INSERT INTO roster (strand, seq, epoch, bytes, received_day)
    VALUES (${STRAND}, ?, ?, ?, ?)`,
  listRoster: `SELECT seq, bytes FROM roster WHERE strand = ${STRAND} AND seq > ?
    ORDER BY seq LIMIT ?`,
  // A delta compacted away (R28) keeps its id and sequence: a re-upload is still a duplicate.
  findDelta: `SELECT server_seq AS seq FROM deltas
    WHERE strand = (SELECT id FROM strands WHERE strand_id = ?1) AND delta_id = ?2
    UNION ALL SELECT server_seq FROM compacted_deltas
    WHERE strand = (SELECT id FROM strands WHERE strand_id = ?1) AND delta_id = ?2`,
  insertDelta: `INSERT INTO deltas (strand, server_seq, delta_id, epoch, bytes, received_day)
    VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (strand, delta_id) DO NOTHING`,
  bumpStrand: `UPDATE strands SET delta_seq = delta_seq + 1, bytes_used = bytes_used + ?
    WHERE id = ?`,
  listDeltas: `SELECT server_seq AS seq, bytes FROM deltas WHERE strand = ${STRAND}
    AND server_seq > ? ORDER BY server_seq LIMIT ?`,
  logNode: "SELECT hash FROM log_nodes WHERE strand = ? AND level = ? AND idx = ?",
  insertLogNode: "INSERT INTO log_nodes (strand, level, idx, hash) VALUES (?, ?, ?, ?)",
  strandId: "SELECT id FROM strands WHERE strand_id = ?",
  logSize: "SELECT delta_seq AS size FROM strands WHERE strand_id = ?",
  // Leaves are added in order, so the last one's index says how many there are (O(log n)).
  unlogged: `SELECT s.id AS id, s.delta_seq AS size, COALESCE((SELECT MAX(n.idx) + 1
    FROM log_nodes n WHERE n.strand = s.id AND n.level = 0), 0) AS logged FROM strands s`,
  deltaIdsFrom: `SELECT delta_id AS deltaId FROM deltas WHERE strand = ? AND server_seq > ?
    ORDER BY server_seq`,
  putRendezvous: `INSERT INTO rendezvous (id, slot, bytes, expires_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (id, slot) DO UPDATE SET bytes = excluded.bytes, expires_at = excluded.expires_at`,
  getRendezvous: "SELECT bytes FROM rendezvous WHERE id = ? AND slot = ? AND expires_at > ?",
  expireRendezvous: "DELETE FROM rendezvous WHERE expires_at <= ?",
} as const;

type Statements = { [K in keyof typeof SQL]: StatementSync };

interface DeltaAppend {
  strand: string;
  delta: DeltaRecord;
  quota: number;
}

interface HeadRow {
  seq: number;
  hash: string;
  epoch: number;
  wpk: Uint8Array;
}

interface StrandRow {
  id: number;
  epoch: number;
  deltaSeq: number;
  bytesUsed: number;
}

/** A delta id as 32 bytes when it is 64 hex digits (half the space of the text). */
function idBytes(deltaId: string): Uint8Array | string {
  if (!/^[0-9a-f]{64}$/.test(deltaId)) return deltaId;
  return Uint8Array.from(deltaId.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** A stored delta id back to hex. */
function idText(stored: Uint8Array | string): string {
  if (typeof stored === "string") return stored;
  return Array.from(stored, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function headOf(row: HeadRow): RosterHead {
  return { seq: row.seq, hash: row.hash, epoch: row.epoch, wpk: row.wpk };
}

/**
 * Opens (creating if needed) the relay database at `path` (`":memory:"` for a throwaway one).
 */
export function openSqliteStorage(path: string): RelayStorage {
  const db = new DatabaseSync(path);
  // 16 KiB pages pack ~1 KiB deltas with little slack (takes effect when the file is new).
  db.exec("PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  db.exec("PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  db.exec(SCHEMA);
  const q = Object.fromEntries(
    Object.entries(SQL).map(([name, sql]) => [name, db.prepare(sql)]),
  ) as Statements;
  const transaction = <T>(work: () => T): T => {
    db.exec("BEGIN IMMEDIATE");
    try {
      const result = work();
      db.exec("COMMIT");
      return result;
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  };
  const list = (statement: StatementSync, strand: string, after: number, caps: ListCaps) => {
    const items: StoredItem[] = [];
    let bytes = 0;
    for (const row of statement.iterate(strand, after, caps.maxCount)) {
      const item = row as unknown as StoredItem;
      if (items.length > 0 && bytes + item.bytes.length > caps.maxBytes) break;
      bytes += item.bytes.length;
      items.push({ seq: item.seq, bytes: item.bytes });
    }
    return items;
  };

  /** Adds leaf `index` (delta id `deltaId`) to the log tree of strand row `id`. */
  const logAppend = (id: number, index: number, deltaId: string) => {
    const lookup = (level: number, at: number) => {
      const row = q.logNode.get(id, level, at) as { hash: Uint8Array } | undefined;
      if (!row) throw new Error(`The log tree lacks node ${level}/${at}`);
      return row.hash;
    };
    for (const node of logAppendNodes(index, logLeafHash(deltaId), lookup)) {
      q.insertLogNode.run(id, node.level, node.index, node.hash);
    }
  };
  // A database from before the log tree (or cut short): build the missing leaves in order.
  transaction(() => {
    for (const row of q.unlogged.all() as { id: number; size: number; logged: number }[]) {
      if (row.logged >= row.size) continue;
      let index = row.logged;
      for (const item of q.deltaIdsFrom.iterate(row.id, row.logged)) {
        logAppend(row.id, index++, idText((item as { deltaId: Uint8Array | string }).deltaId));
      }
    }
  });

  const appendOne = ({ strand, delta, quota }: DeltaAppend): AppendDeltaResult => {
    const deltaId = idBytes(delta.deltaId);
    const existing = q.findDelta.get(strand, deltaId) as { seq: number } | undefined;
    if (existing) return { kind: "duplicate", seq: existing.seq };
    const row = q.strand.get(strand) as StrandRow | undefined;
    if (!row) return { kind: "no_strand" };
    if (row.epoch !== delta.epoch) return { kind: "stale_epoch", epoch: row.epoch };
    if (row.bytesUsed + delta.bytes.length > quota) return { kind: "quota", used: row.bytesUsed };
    const seq = row.deltaSeq + 1;
    q.insertDelta.run(row.id, seq, deltaId, delta.epoch, delta.bytes, delta.day);
    q.bumpStrand.run(delta.bytes.length, row.id);
    logAppend(row.id, seq - 1, delta.deltaId);
    return { kind: "stored", seq };
  };
  // One transaction (one fsync) per batch; a savepoint keeps one item's failure its own.
  const appendDeltas = groupCommit<DeltaAppend, AppendDeltaResult>((items) =>
    transaction(() =>
      items.map((item) => {
        db.exec("SAVEPOINT item");
        try {
          const result = appendOne(item);
          db.exec("RELEASE item");
          return result;
        } catch (error) {
          db.exec("ROLLBACK TO item; RELEASE item");
          return error instanceof Error ? error : new Error(String(error));
        }
      })
    )
  );

  return {
    ...sqliteSnapshots(db),
    ...sqliteCompaction(db),
    createStrand(strand: string, genesis: RosterRecord): Promise<boolean> {
      return Promise.resolve(transaction(() => {
        const { wpk, hash, epoch, seq } = genesis;
        const created = q.createStrand.run(strand, seq, hash, epoch, wpk).changes === 1;
        if (created) q.insertRoster.run(strand, seq, epoch, genesis.bytes, genesis.day);
        return created;
      }));
    },
    rosterHead(strand: string): Promise<RosterHead | null> {
      const row = q.head.get(strand) as HeadRow | undefined;
      return Promise.resolve(row ? headOf(row) : null);
    },
    appendRoster(strand: string, prev: string, entry: RosterRecord): Promise<AppendRosterResult> {
      return Promise.resolve(transaction((): AppendRosterResult => {
        const { seq, hash, epoch, wpk } = entry;
        const moved = q.setHead.run(seq, hash, epoch, wpk, strand, seq - 1, prev).changes === 1;
        if (!moved) {
          const row = q.head.get(strand) as HeadRow | undefined;
          return row ? { kind: "conflict", head: headOf(row) } : { kind: "no_strand" };
        }
        q.insertRoster.run(strand, seq, epoch, entry.bytes, entry.day);
        return { kind: "stored", seq };
      }));
    },
    listRoster(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]> {
      return Promise.resolve(list(q.listRoster, strand, after, caps));
    },
    findDelta(strand: string, deltaId: string): Promise<number | null> {
      const row = q.findDelta.get(strand, idBytes(deltaId)) as { seq: number } | undefined;
      return Promise.resolve(row?.seq ?? null);
    },
    appendDelta(strand: string, delta: DeltaRecord, quota: number): Promise<AppendDeltaResult> {
      return appendDeltas({ strand, delta, quota });
    },
    listDeltas(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]> {
      return Promise.resolve(list(q.listDeltas, strand, after, caps));
    },
    logSize(strand: string): Promise<number | null> {
      const row = q.logSize.get(strand) as { size: number } | undefined;
      return Promise.resolve(row?.size ?? null);
    },
    logNodes(strand: string, keys: readonly LogNodeKey[]): Promise<(Uint8Array | null)[]> {
      const row = q.strandId.get(strand) as { id: number } | undefined;
      return Promise.resolve(keys.map((key) => {
        if (!row) return null;
        const node = q.logNode.get(row.id, key.level, key.index) as
          | { hash: Uint8Array }
          | undefined;
        return node?.hash ?? null;
      }));
    },
    bytesUsed(strand: string): Promise<number> {
      const row = q.strand.get(strand) as StrandRow | undefined;
      return Promise.resolve(row?.bytesUsed ?? 0);
    },
    putRendezvous(id: string, slot: string, bytes: Uint8Array, expiresAt: number): Promise<void> {
      q.putRendezvous.run(id, slot, bytes, expiresAt);
      return Promise.resolve();
    },
    getRendezvous(id: string, slot: string, now: number): Promise<Uint8Array | null> {
      const row = q.getRendezvous.get(id, slot, now) as { bytes: Uint8Array } | undefined;
      return Promise.resolve(row?.bytes ?? null);
    },
    expireRendezvous(now: number): Promise<number> {
      return Promise.resolve(Number(q.expireRendezvous.run(now).changes));
    },
    close(): void {
      if (db.isOpen) db.close();
    },
  };
}
