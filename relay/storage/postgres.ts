/**
 * The PostgreSQL relay backend (`npm:postgres`): stateless relay instances over one database,
 * for relays that outgrow one machine. Tables hold the R15 columns of the SQLite backend
 * (`postgres_schema.ts`, migrated at start); a strand row keeps the roster head, the next delta
 * sequence and the bytes used.
 *
 * Concurrency: READ COMMITTED with row locks, not SERIALIZABLE with retry. Every write to a
 * strand goes through its `strands` row:
 * - a roster append is one `UPDATE … WHERE head_seq = $seq - 1 AND head_hash = $prev`: a rival
 *   update of the same row makes it wait, and PostgreSQL then re-checks the WHERE on the row the
 *   rival committed, so of two appends at one head exactly one matches (compare-and-swap, R7);
 * - a delta append is one call of `relay_append_delta` (`postgres_schema.ts`), which takes the
 *   row `FOR UPDATE` first: appends to one strand from any instance run one at a time, each
 *   seeing what the previous one committed, so sequences have no gap and each delta is one leaf.
 *   The `(strand, delta_id)` unique key backs its duplicate check. The quota is the row's
 *   `bytes_used`, shared by every instance.
 *
 * Rate limits stay in each instance's memory (`limits.ts`), as the storage interface does not
 * hold them.
 *
 * @module
 */
import postgres, { type Sql } from "postgres";
import { logLeafHash } from "@helix/core/wire";
import { migrate } from "./postgres_schema.ts";
import { postgresCompaction } from "./postgres_compaction.ts";
import { postgresSnapshots } from "./postgres_snapshots.ts";
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

/** Options for {@linkcode openPostgresStorage}. */
export interface PostgresOptions {
  /** A schema to keep the tables in (created if missing); default: the URL's search path. */
  readonly schema?: string;
  /** Connections in the pool. @default {10} */
  readonly max?: number;
}

/** The PostgreSQL backend: the storage interface, the relay key, and an awaitable close. */
export interface PostgresStorage extends RelayStorage {
  /** The relay key seed kept in the database: `fresh` if none was kept yet, else the kept one. */
  relaySeed(fresh: Uint8Array): Promise<Uint8Array>;
  /** Closes the pool once running queries finish. */
  end(): Promise<void>;
}

interface HeadRow {
  seq: number;
  hash: string;
  epoch: number;
  wpk: Uint8Array;
}

/** A delta id as 32 bytes when it is 64 hex digits, else its text as bytes. */
function idBytes(deltaId: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(deltaId)) return new TextEncoder().encode(deltaId);
  return Uint8Array.from(deltaId.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** `npm:postgres` reads bytea as a Buffer (maybe a view into a shared pool): copy it out. */
const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/** The log-tree nodes `keys` of `strand`, in order, null where absent (one round trip). */
async function readNodes(sql: Sql, strand: string, keys: readonly LogNodeKey[]) {
  if (keys.length === 0) return [];
  const rows = await sql<{ level: number; idx: string; hash: Uint8Array }[]>`
    SELECT level, idx, hash FROM log_nodes
    WHERE strand = (SELECT id FROM strands WHERE strand_id = ${strand})
      AND (level, idx) IN (SELECT * FROM unnest(
        ${sql.array(keys.map((k) => k.level))}::int[],
        ${sql.array(keys.map((k) => k.index))}::bigint[]))`;
  const found = new Map(rows.map((row) => [`${row.level}/${row.idx}`, own(row.hash)]));
  return keys.map((key) => found.get(`${key.level}/${key.index}`) ?? null);
}

interface AppendRow {
  kind: AppendDeltaResult["kind"];
  seq: string | null;
  used: string | null;
  epoch: number | null;
}

/** The function's answer as the interface's result. */
function appendResult(row: AppendRow): AppendDeltaResult {
  switch (row.kind) {
    case "stored":
    case "duplicate":
      return { kind: row.kind, seq: Number(row.seq) };
    case "quota":
      return { kind: "quota", used: Number(row.used) };
    case "stale_epoch":
      return { kind: "stale_epoch", epoch: row.epoch! };
    case "no_strand":
      return { kind: "no_strand" };
  }
}

const headOf = (row: HeadRow): RosterHead => ({
  seq: row.seq,
  hash: row.hash,
  epoch: row.epoch,
  wpk: own(row.wpk),
});

/** Items up to `caps`: the running byte total is cut in SQL, and one item always comes back. */
const capped = (rows: readonly { seq: string | number; bytes: Uint8Array }[]): StoredItem[] =>
  rows.map((row) => ({ seq: Number(row.seq), bytes: own(row.bytes) }));

/** Opens the relay database at `url` (a `postgres://` URL) and brings its schema up to date. */
export async function openPostgresStorage(
  url: string,
  options: PostgresOptions = {},
): Promise<PostgresStorage> {
  const sql: Sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    ...(options.schema !== undefined ? { connection: { search_path: options.schema } } : {}),
  });
  try {
    await migrate(sql, options.schema);
  } catch (error) {
    await sql.end({ timeout: 1 });
    throw error;
  }
  const strandRow = (strand: string) => sql`(SELECT id FROM strands WHERE strand_id = ${strand})`;

  return {
    ...postgresSnapshots(sql),
    ...postgresCompaction(sql),
    createStrand: (strand: string, genesis: RosterRecord) =>
      sql.begin(async (tx) => {
        const { seq, hash, epoch, wpk } = genesis;
        // A rival insert of the same strand waits for this one, then does nothing.
        const [made] = await tx<{ id: string }[]>`
          INSERT INTO strands (strand_id, head_seq, head_hash, epoch, wpk)
          VALUES (${strand}, ${seq}, ${hash}, ${epoch}, ${wpk})
          ON CONFLICT (strand_id) DO NOTHING RETURNING id`;
        if (!made) return false;
        await tx`INSERT INTO roster (strand, seq, epoch, bytes, received_day)
          VALUES (${made.id}, ${seq}, ${epoch}, ${genesis.bytes}, ${genesis.day})`;
        return true;
      }),
    async rosterHead(strand: string): Promise<RosterHead | null> {
      const [row] = await sql<HeadRow[]>`
        SELECT head_seq AS seq, head_hash AS hash, epoch, wpk FROM strands
        WHERE strand_id = ${strand}`;
      return row ? headOf(row) : null;
    },
    appendRoster: (strand: string, prev: string, entry: RosterRecord) =>
      sql.begin(async (tx): Promise<AppendRosterResult> => {
        const { seq, hash, epoch, wpk } = entry;
        const [moved] = await tx<{ id: string }[]>`
          UPDATE strands SET head_seq = ${seq}, head_hash = ${hash}, epoch = ${epoch},
            wpk = ${wpk}
          WHERE strand_id = ${strand} AND head_seq = ${seq - 1} AND head_hash = ${prev}
          RETURNING id`;
        if (!moved) {
          const [row] = await tx<HeadRow[]>`
            SELECT head_seq AS seq, head_hash AS hash, epoch, wpk FROM strands
            WHERE strand_id = ${strand}`;
          return row ? { kind: "conflict", head: headOf(row) } : { kind: "no_strand" };
        }
        await tx`INSERT INTO roster (strand, seq, epoch, bytes, received_day)
          VALUES (${moved.id}, ${seq}, ${epoch}, ${entry.bytes}, ${entry.day})`;
        return { kind: "stored", seq };
      }),
    async listRoster(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]> {
      return capped(
        await sql<{ seq: number; bytes: Uint8Array }[]>`
        SELECT seq, bytes FROM (
          SELECT seq, bytes, row_number() OVER w AS n, sum(octet_length(bytes)) OVER w AS total
          FROM roster WHERE strand = ${strandRow(strand)} AND seq > ${after}
          WINDOW w AS (ORDER BY seq) ORDER BY seq LIMIT ${caps.maxCount}
        ) page WHERE n = 1 OR total <= ${caps.maxBytes} ORDER BY seq`,
      );
    },
    async findDelta(strand: string, deltaId: string): Promise<number | null> {
      const [row] = await sql<{ seq: string }[]>`
        SELECT server_seq AS seq FROM deltas
        WHERE strand = ${strandRow(strand)} AND delta_id = ${idBytes(deltaId)}`;
      return row ? Number(row.seq) : null;
    },
    async appendDelta(strand: string, delta: DeltaRecord, quota: number) {
      // One round trip: `relay_append_delta` (postgres_schema.ts) locks, checks and appends.
      const [row] = await sql<AppendRow[]>`
        SELECT o_kind AS kind, o_seq AS seq, o_used AS used, o_epoch AS epoch
        FROM relay_append_delta(${strand}, ${idBytes(delta.deltaId)}, ${delta.epoch},
          ${delta.bytes}, ${delta.day}, ${quota}, ${logLeafHash(delta.deltaId)})`;
      return appendResult(row!);
    },
    async listDeltas(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]> {
      return capped(
        await sql<{ seq: string; bytes: Uint8Array }[]>`
        SELECT seq, bytes FROM (
          SELECT server_seq AS seq, bytes, row_number() OVER w AS n,
            sum(octet_length(bytes)) OVER w AS total
          FROM deltas WHERE strand = ${strandRow(strand)} AND server_seq > ${after}
          WINDOW w AS (ORDER BY server_seq) ORDER BY server_seq LIMIT ${caps.maxCount}
        ) page WHERE n = 1 OR total <= ${caps.maxBytes} ORDER BY seq`,
      );
    },
    async logSize(strand: string): Promise<number | null> {
      const [row] = await sql<{ size: string }[]>`
        SELECT delta_seq AS size FROM strands WHERE strand_id = ${strand}`;
      return row ? Number(row.size) : null;
    },
    logNodes: (strand: string, keys: readonly LogNodeKey[]) => readNodes(sql, strand, keys),
    async bytesUsed(strand: string): Promise<number> {
      const [row] = await sql<{ used: string }[]>`
        SELECT bytes_used AS used FROM strands WHERE strand_id = ${strand}`;
      return row ? Number(row.used) : 0;
    },
    async putRendezvous(id: string, slot: string, bytes: Uint8Array, expiresAt: number) {
      await sql`INSERT INTO rendezvous (id, slot, bytes, expires_at)
        VALUES (${id}, ${slot}, ${bytes}, ${expiresAt})
        ON CONFLICT (id, slot) DO UPDATE SET bytes = excluded.bytes,
          expires_at = excluded.expires_at`;
    },
    async getRendezvous(id: string, slot: string, now: number): Promise<Uint8Array | null> {
      const [row] = await sql<{ bytes: Uint8Array }[]>`
        SELECT bytes FROM rendezvous WHERE id = ${id} AND slot = ${slot} AND expires_at > ${now}`;
      return row ? own(row.bytes) : null;
    },
    async expireRendezvous(now: number): Promise<number> {
      return (await sql`DELETE FROM rendezvous WHERE expires_at <= ${now}`).count;
    },
    async relaySeed(fresh: Uint8Array): Promise<Uint8Array> {
      await sql`INSERT INTO relay_key (one, seed) VALUES (1, ${fresh}) ON CONFLICT DO NOTHING`;
      const [row] = await sql<{ seed: Uint8Array }[]>`SELECT seed FROM relay_key WHERE one = 1`;
      return own(row!.seed);
    },
    end: () => sql.end({ timeout: 5 }),
    close(): void {
      void sql.end({ timeout: 5 });
    },
  };
}
