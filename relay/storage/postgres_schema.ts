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
