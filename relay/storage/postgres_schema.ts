/**
 * The PostgreSQL relay backend's schema, as ordered, append-only migrations (never edit one that
 * shipped: add the next). `migrate` applies the missing ones at start, under a transaction-scoped
 * advisory lock, so relay instances that start together over one database apply each migration
 * exactly once; `relay_migrations` records which are in.
 *
 * @module
 */
import type { Sql } from "postgres";

/** One schema change. */
interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * A delta append in one round trip, under the strand row's lock (READ COMMITTED + `FOR UPDATE`):
 * appends to one strand, from any relay instance, go one at a time, and every statement after
 * the lock sees what the previous append committed. It checks in the SQLite backend's order
 * (duplicate, epoch, quota), stores the delta under the next sequence, moves the strand row, and
 * adds the leaf (`p_leaf`, `H(0x00 ‖ id)` from the caller) and each complete subtree it closes,
 * `H(0x01 ‖ left ‖ right)` (RFC 9162, as `logAppendNodes` in core), to the log tree. The
 * contract suite checks the resulting roots against an independent RFC 9162 implementation.
 */
const APPEND_DELTA = `
  CREATE FUNCTION relay_append_delta(
    p_strand TEXT, p_delta_id BYTEA, p_epoch INTEGER, p_bytes BYTEA, p_day INTEGER,
    p_quota BIGINT, p_leaf BYTEA,
    OUT o_kind TEXT, OUT o_seq BIGINT, OUT o_used BIGINT, OUT o_epoch INTEGER
  ) LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
  DECLARE
    s strands%ROWTYPE;
    h BYTEA := p_leaf;
    at BIGINT;
    lvl INTEGER := 0;
  BEGIN
    SELECT * INTO s FROM strands WHERE strand_id = p_strand FOR UPDATE;
    IF NOT FOUND THEN o_kind := 'no_strand'; RETURN; END IF;
    SELECT d.server_seq INTO o_seq FROM deltas d
      WHERE d.strand = s.id AND d.delta_id = p_delta_id;
    IF FOUND THEN o_kind := 'duplicate'; RETURN; END IF;
    IF s.epoch <> p_epoch THEN o_kind := 'stale_epoch'; o_epoch := s.epoch; RETURN; END IF;
    IF s.bytes_used + octet_length(p_bytes) > p_quota THEN
      o_kind := 'quota'; o_used := s.bytes_used; RETURN;
    END IF;
    o_seq := s.delta_seq + 1;
    INSERT INTO deltas (strand, server_seq, delta_id, epoch, bytes, received_day)
      VALUES (s.id, o_seq, p_delta_id, p_epoch, p_bytes, p_day);
    UPDATE strands SET delta_seq = o_seq, bytes_used = bytes_used + octet_length(p_bytes)
      WHERE id = s.id;
    at := o_seq - 1;
    INSERT INTO log_nodes (strand, level, idx, hash) VALUES (s.id, 0, at, h);
    WHILE at % 2 = 1 LOOP
      -- A missing left sibling makes h NULL, and the NOT NULL insert below fails the append.
      h := sha256('\\x01'::bytea || (SELECT n.hash FROM log_nodes n
        WHERE n.strand = s.id AND n.level = lvl AND n.idx = at - 1) || h);
      at := at / 2;
      lvl := lvl + 1;
      INSERT INTO log_nodes (strand, level, idx, hash) VALUES (s.id, lvl, at, h);
    END LOOP;
    o_kind := 'stored';
  END $$;
`;

/** The tables hold the R15 columns of the SQLite backend, in PostgreSQL types. */
const MIGRATIONS: readonly Migration[] = [{
  version: 1,
  name: "strands, roster, deltas, log tree, rendezvous, relay key",
  sql: `
    CREATE TABLE strands (
      id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      strand_id TEXT NOT NULL UNIQUE,
      head_seq INTEGER NOT NULL,
      head_hash TEXT NOT NULL,
      epoch INTEGER NOT NULL,
      wpk BYTEA NOT NULL,
      delta_seq BIGINT NOT NULL DEFAULT 0,
      bytes_used BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE roster (
      strand BIGINT NOT NULL REFERENCES strands (id),
      seq INTEGER NOT NULL,
      epoch INTEGER NOT NULL,
      bytes BYTEA NOT NULL,
      received_day INTEGER NOT NULL,
      PRIMARY KEY (strand, seq)
    );
    CREATE TABLE deltas (
      strand BIGINT NOT NULL REFERENCES strands (id),
      server_seq BIGINT NOT NULL,
      delta_id BYTEA NOT NULL,
      epoch INTEGER NOT NULL,
      bytes BYTEA NOT NULL,
      received_day INTEGER NOT NULL,
      PRIMARY KEY (strand, server_seq),
      UNIQUE (strand, delta_id)
    );
    CREATE TABLE log_nodes (
      strand BIGINT NOT NULL REFERENCES strands (id),
      level INTEGER NOT NULL,
      idx BIGINT NOT NULL,
      hash BYTEA NOT NULL,
      PRIMARY KEY (strand, level, idx)
    );
    CREATE TABLE rendezvous (
      id TEXT NOT NULL,
      slot TEXT NOT NULL,
      bytes BYTEA NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (id, slot)
    );
    CREATE INDEX rendezvous_expiry ON rendezvous (expires_at);
    CREATE TABLE relay_key (
      one INTEGER PRIMARY KEY CHECK (one = 1),
      seed BYTEA NOT NULL
    );
    ${APPEND_DELTA}
  `,
}, {
  version: 2,
  name: "snapshot parts and each strand's latest snapshot (R28)",
  sql: `
    CREATE TABLE snapshot_parts (
      strand BIGINT NOT NULL REFERENCES strands (id),
      upload TEXT NOT NULL,
      part INTEGER NOT NULL,
      bytes BYTEA NOT NULL,
      PRIMARY KEY (strand, upload, part)
    );
    CREATE TABLE snapshot_heads (
      strand BIGINT PRIMARY KEY REFERENCES strands (id),
      upload TEXT NOT NULL,
      parts INTEGER NOT NULL,
      position BIGINT NOT NULL,
      epoch INTEGER NOT NULL
    );
  `,
}, {
  version: 3,
  name: "each strand's GC marker (R28 compaction)",
  sql: `
    CREATE TABLE gc_markers (
      strand BIGINT PRIMARY KEY REFERENCES strands (id),
      position BIGINT NOT NULL,
      marker BYTEA NOT NULL
    );
  `,
}];

/** The newest schema version this code knows. */
export const SCHEMA_VERSION: number = MIGRATIONS.at(-1)!.version;

/**
 * Brings the schema of `sql`'s search path (created if missing: `schema`) up to
 * {@linkcode SCHEMA_VERSION}. Refuses a database that a newer relay already migrated past it.
 */
export async function migrate(sql: Sql, schema: string | undefined): Promise<void> {
  await sql.begin(async (tx) => {
    // One lock per schema: two instances starting at once wait for each other here.
    await tx`SELECT pg_advisory_xact_lock(hashtextextended(${`helix-relay:${schema ?? ""}`}, 0))`;
    if (schema !== undefined) await tx`CREATE SCHEMA IF NOT EXISTS ${tx(schema)}`;
    await tx`CREATE TABLE IF NOT EXISTS relay_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL
    )`;
    const [row] = await tx<{ version: number | null }[]>`
      SELECT max(version) AS version FROM relay_migrations`;
    const current = row?.version ?? 0;
    if (current > SCHEMA_VERSION) {
      throw new Error(
        `Cannot open the relay database: its schema is version ${current}, newer than this ` +
          `relay's ${SCHEMA_VERSION}; upgrade the relay`,
      );
    }
    for (const migration of MIGRATIONS) {
      if (migration.version <= current) continue;
      await tx.unsafe(migration.sql);
      await tx`INSERT INTO relay_migrations (version, name)
        VALUES (${migration.version}, ${migration.name})`;
    }
  });
}
