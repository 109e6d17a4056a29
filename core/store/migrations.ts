/**
 * Ordered, append-only schema migrations. Never edit a released migration: add the next one.
 * The schema version lives in `meta`; a strand from a newer schema is refused.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { HelixError } from "../errors.ts";
import { CONTRADICTED_HALF_LIFE_MS } from "../model/types.ts";
import { vectorTableSql } from "./vector_schema.ts";

/** What a migration may depend on besides the database. */
export interface MigrationContext {
  /** Vector dimension pinned for this strand. */
  readonly dimension: number;
}

/** One schema step. */
export interface Migration {
  /** 1, 2, 3… in order. */
  readonly version: number;
  /** What it changes. */
  readonly description: string;
  /** Applies the change; runs inside the migration transaction. */
  up(db: DatabaseSync, context: MigrationContext): void;
}

/** Every migration, in order. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: "op log, memories, edges, provenance, FTS5, exact tokens, vec0",
    up(db, { dimension }) {
      db.exec(`
        CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
        INSERT INTO counters (name, value) VALUES ('rev', 0), ('generation', 0);

        CREATE TABLE ops (
          seqno INTEGER PRIMARY KEY,
          change_id TEXT NOT NULL UNIQUE,
          hlc TEXT NOT NULL,
          device_id TEXT NOT NULL,
          seq INTEGER NOT NULL,
          kind TEXT NOT NULL,
          payload TEXT NOT NULL,
          UNIQUE (device_id, seq)
        ) STRICT;
        CREATE INDEX ops_canonical ON ops (hlc, device_id, change_id);
        CREATE TABLE op_refs (
          ref TEXT NOT NULL,
          seqno INTEGER NOT NULL REFERENCES ops (seqno),
          PRIMARY KEY (ref, seqno)
        ) STRICT, WITHOUT ROWID;

        CREATE TABLE memories (
          rid INTEGER PRIMARY KEY,
          id TEXT NOT NULL UNIQUE,
          type TEXT NOT NULL,
          cognitive TEXT NOT NULL,
          content TEXT NOT NULL,
          content_hash TEXT NOT NULL,
          scope TEXT NOT NULL,
          status TEXT NOT NULL,
          importance INTEGER NOT NULL,
          confidence REAL NOT NULL,
          tags TEXT NOT NULL,
          attributes TEXT NOT NULL,
          valid_from INTEGER NOT NULL,
          valid_to INTEGER,
          recorded_at INTEGER NOT NULL,
          event_at INTEGER,
          event_end INTEGER,
          event_phrase TEXT,
          last_access_at INTEGER NOT NULL,
          access_count INTEGER NOT NULL,
          ef REAL NOT NULL,
          half_life_ms REAL,
          created_op TEXT NOT NULL,
          head_op TEXT NOT NULL,
          updated_hlc TEXT NOT NULL,
          fts_key TEXT NOT NULL,
          rev INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX memories_visible ON memories (scope, status, type, importance DESC);
        CREATE INDEX memories_rev ON memories (rev);
        CREATE INDEX memories_recorded ON memories (recorded_at, id);

        CREATE TABLE edges (
          id TEXT PRIMARY KEY,
          from_id TEXT NOT NULL REFERENCES memories (id),
          to_id TEXT NOT NULL REFERENCES memories (id),
          relation TEXT NOT NULL,
          weight REAL NOT NULL,
          status TEXT NOT NULL,
          created_at INTEGER NOT NULL,
          created_op TEXT NOT NULL,
          head_op TEXT NOT NULL
        ) STRICT;
        CREATE INDEX edges_from ON edges (from_id);
        CREATE INDEX edges_to ON edges (to_id);

        CREATE TABLE provenance (
          subject TEXT NOT NULL,
          op TEXT NOT NULL,
          origin TEXT NOT NULL,
          agent TEXT,
          ref TEXT,
          extractor TEXT,
          model TEXT,
          at INTEGER NOT NULL,
          PRIMARY KEY (subject, op)
        ) STRICT, WITHOUT ROWID;

        -- fts_key holds filter tokens (scope, status, type) so BM25 filters inside FTS5.
        CREATE VIRTUAL TABLE memories_fts USING fts5(
          content, tags, fts_key,
          content = 'memories', content_rowid = 'rid',
          tokenize = 'porter unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
          INSERT INTO memories_fts (rowid, content, tags, fts_key)
            VALUES (new.rid, new.content, new.tags, new.fts_key);
        END;
        CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
          INSERT INTO memories_fts (memories_fts, rowid, content, tags, fts_key)
            VALUES ('delete', old.rid, old.content, old.tags, old.fts_key);
        END;
        CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, tags, fts_key ON memories BEGIN
          INSERT INTO memories_fts (memories_fts, rowid, content, tags, fts_key)
            VALUES ('delete', old.rid, old.content, old.tags, old.fts_key);
          INSERT INTO memories_fts (rowid, content, tags, fts_key)
            VALUES (new.rid, new.content, new.tags, new.fts_key);
        END;

        CREATE TABLE memory_tokens (
          token TEXT NOT NULL,
          rid INTEGER NOT NULL REFERENCES memories (rid) ON DELETE CASCADE,
          PRIMARY KEY (token, rid)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX memory_tokens_rid ON memory_tokens (rid);

        ${vectorTableSql(dimension)};
        CREATE TABLE vector_state (
          rid INTEGER PRIMARY KEY REFERENCES memories (rid) ON DELETE CASCADE,
          content_hash TEXT NOT NULL,
          q8 BLOB NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 2,
    description: "sessions: the ends of agent sessions, folded from session.end ops",
    up(db) {
      db.exec(`
        CREATE TABLE sessions (
          id TEXT PRIMARY KEY,
          project TEXT,
          client TEXT,
          started_at INTEGER NOT NULL,
          ended_at INTEGER NOT NULL,
          op TEXT NOT NULL
        ) STRICT;
        CREATE INDEX sessions_ended ON sessions (ended_at);
      `);
    },
  },
  {
    version: 3,
    description: "op_refs by op: what a purged op touched, for history and verifyLog",
    up(db) {
      db.exec("CREATE INDEX op_refs_seqno ON op_refs (seqno)");
    },
  },
  {
    version: 4,
    description: "memories by created_op: a memory.purge names memories by their memory.put",
    up(db) {
      db.exec("CREATE INDEX memories_created_op ON memories (created_op)");
    },
  },
  {
    version: 5,
    description:
      "llm_cache, llm_usage (this device's model responses and token spend); indexes for flags and notes",
    up(db) {
      db.exec(`
        CREATE TABLE llm_cache (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL,
          tokens INTEGER NOT NULL,
          created_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE llm_usage (month TEXT PRIMARY KEY, tokens INTEGER NOT NULL) STRICT;
        CREATE INDEX edges_contradicts ON edges (created_at) WHERE relation = 'contradicts';
        CREATE INDEX memories_latest ON memories (scope, status, recorded_at);
      `);
    },
  },
  {
    version: 6,
    description:
      "contradicted semantic memories decay; reembed_vectors stages a re-embedding with a new model",
    up(db) {
      db.exec(`
        UPDATE memories SET half_life_ms = ${CONTRADICTED_HALF_LIFE_MS}
        WHERE half_life_ms IS NULL AND rid IN (
          SELECT m.rid FROM memories m JOIN edges e ON e.from_id = m.id OR e.to_id = m.id
          WHERE e.relation = 'contradicts' AND e.status = 'active'
        );
        CREATE TABLE reembed_vectors (
          rid INTEGER PRIMARY KEY REFERENCES memories (rid) ON DELETE CASCADE,
          content_hash TEXT NOT NULL,
          embedding BLOB NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 7,
    description:
      "three-way merge: memory_heads (each memory's concurrent head ops), conflicts, ops.arrived",
    up(db) {
      // ops.arrived: when this strand received the op (local ms); an op merged from another
      // device arrives after its clock says, and history's points follow arrival.
      db.exec(`
        CREATE TABLE memory_heads (
          memory TEXT NOT NULL,
          op TEXT NOT NULL,
          PRIMARY KEY (memory, op)
        ) STRICT, WITHOUT ROWID;
        INSERT INTO memory_heads (memory, op) SELECT id, head_op FROM memories;
        CREATE TABLE conflicts (
          memory TEXT NOT NULL,
          op TEXT NOT NULL,
          kind TEXT NOT NULL,
          field TEXT NOT NULL,
          other TEXT NOT NULL,
          resolved_op TEXT,
          PRIMARY KEY (memory, op, field)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX conflicts_open ON conflicts (memory) WHERE resolved_op IS NULL;
        ALTER TABLE ops ADD COLUMN arrived INTEGER;
        UPDATE ops SET arrived = CAST(substr(hlc, 1, 15) AS INTEGER);
      `);
    },
  },
];

/** The schema version this build writes. */
export const SCHEMA_VERSION: number = MIGRATIONS.length;

/** Reads the schema version of an open strand: 0 for a fresh, empty database. */
export function schemaVersion(db: DatabaseSync): number {
  const hasMeta = db.prepare(
    "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
  ).get();
  if (!hasMeta) {
    const tables = db.prepare("SELECT count(*) AS n FROM sqlite_master").get() as { n: number };
    if (tables.n > 0) {
      throw new HelixError(
        "not_a_strand",
        "Cannot open strand: the file is a SQLite database of another application (no Helix meta table)",
      );
    }
    return 0;
  }
  const row = db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
    | { value: string }
    | undefined;
  const version = row ? Number(row.value) : NaN;
  if (!Number.isInteger(version) || version < 1) {
    throw new HelixError("not_a_strand", "Cannot open strand: meta has no valid schema_version");
  }
  return version;
}

/**
 * Brings the schema to {@linkcode SCHEMA_VERSION} inside the caller's write transaction.
 * Returns the version found. Throws `unsupported_version` for a newer strand.
 */
export function migrate(db: DatabaseSync, context: MigrationContext): number {
  const found = schemaVersion(db);
  if (found > SCHEMA_VERSION) {
    throw new HelixError(
      "unsupported_version",
      `Cannot open strand: it uses schema version ${found}, this Helix understands up to ${SCHEMA_VERSION}; upgrade Helix`,
      { details: { found, supported: SCHEMA_VERSION } },
    );
  }
  if (found === 0) {
    db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT");
  }
  for (const migration of MIGRATIONS) {
    if (migration.version <= found) continue;
    migration.up(db, context);
  }
  if (found < SCHEMA_VERSION) {
    db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('schema_version', ?)")
      .run(String(SCHEMA_VERSION));
  }
  return found;
}
