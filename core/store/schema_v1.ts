/**
 * Schema version 1, the initial schema: the op log, memories, edges, provenance, the
 * full-text index, exact tokens and vectors. Released: never edit it.
 *
 * @module
 */
import type { Migration } from "./migration.ts";
import { vectorTableSql } from "./vector_schema.ts";

/** The first migration. */
export const SCHEMA_V1: Migration = {
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
};
