/**
 * Schema versions 2 onwards, each a released step on the one before: never edit one, add
 * the next.
 *
 * @module
 */
import { CONTRADICTED_HALF_LIFE_MS } from "../model/types.ts";
import type { Migration } from "./migration.ts";
import { retokenize } from "./retokenize.ts";

/** The migrations after the first, in order. */
export const SCHEMA_CHANGES: readonly Migration[] = [
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
  {
    version: 8,
    description:
      "memories_recent: the newest rows of each (scope, status, type), for context packs",
    up(db) {
      // Walking memories_recorded for a rare type (profiles) read every row: 55 ms at 10^5.
      db.exec(
        "CREATE INDEX memories_recent ON memories (scope, status, type, recorded_at DESC, id DESC)",
      );
    },
  },
  {
    version: 9,
    description:
      "memory_tokens rebuilt: exact tokens index both sides of KEY=value, KEY: value, --flag=value",
    up(db) {
      // Self-contained: it only rereads `memories`; later rule changes add their own step.
      retokenize(db);
    },
  },
  {
    version: 10,
    description:
      "transfer_runs: imports and merges under way (a local marker, not state), so an interrupted one is reported and finished by running it again",
    up(db) {
      db.exec(`
        CREATE TABLE transfer_runs (
          key TEXT PRIMARY KEY,
          kind TEXT NOT NULL,
          label TEXT NOT NULL,
          total INTEGER NOT NULL,
          done INTEGER NOT NULL,
          started_at INTEGER NOT NULL,
          updated_at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 11,
    description:
      "sync: this device's place in a synced strand (relay, epochs, roster, cursor) and the outbox, applied, pending, chains, received and quarantine tables of sync-protocol R18; local rows, never ops",
    up(db) {
      db.exec(`
        CREATE TABLE sync_strand (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          strand_id TEXT NOT NULL,
          relay TEXT NOT NULL,
          epoch INTEGER NOT NULL,
          cursor INTEGER NOT NULL DEFAULT 0,
          sealed_through INTEGER NOT NULL DEFAULT 0,
          joined_at INTEGER NOT NULL,
          pushed_at INTEGER,
          pulled_at INTEGER
        ) STRICT;
        CREATE TABLE sync_epochs (
          epoch INTEGER PRIMARY KEY,
          wpk BLOB NOT NULL,
          bundle BLOB NOT NULL
        ) STRICT;
        CREATE TABLE sync_roster (
          seq INTEGER PRIMARY KEY,
          hash TEXT NOT NULL,
          bytes BLOB NOT NULL
        ) STRICT;
        CREATE TABLE sync_outbox (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          change_id TEXT NOT NULL UNIQUE,
          delta_id TEXT NOT NULL,
          bytes BLOB NOT NULL,
          acked INTEGER NOT NULL DEFAULT 0
        ) STRICT;
        CREATE INDEX sync_outbox_unacked ON sync_outbox (n) WHERE acked = 0;
        CREATE TABLE sync_chains (
          device_id TEXT PRIMARY KEY,
          max_seq INTEGER NOT NULL,
          head TEXT NOT NULL
        ) STRICT;
        CREATE TABLE sync_applied (
          change_id TEXT PRIMARY KEY,
          device_id TEXT NOT NULL,
          seq INTEGER NOT NULL
        ) STRICT, WITHOUT ROWID;
        CREATE TABLE sync_pending (
          delta_id TEXT PRIMARY KEY,
          change_id TEXT NOT NULL,
          missing TEXT NOT NULL,
          bytes BLOB NOT NULL,
          since INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE sync_quarantine (
          delta_id TEXT PRIMARY KEY,
          server_seq INTEGER NOT NULL,
          reason TEXT NOT NULL,
          bytes BLOB NOT NULL,
          at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE sync_received (
          change_id TEXT PRIMARY KEY
        ) STRICT, WITHOUT ROWID;
      `);
    },
  },
  {
    version: 12,
    description:
      "sync_strand.first: whether this device started the synced strand (it alone derives memories: distillations, insights, profiles)",
    up(db) {
      db.exec("ALTER TABLE sync_strand ADD COLUMN first INTEGER NOT NULL DEFAULT 0");
    },
  },
  {
    version: 13,
    description:
      "sync_log and sync_alarms: the relay's pinned key and the frontier of its log this device verified (R16, R23), and alarms that stay until the user acts",
    up(db) {
      db.exec(`
        CREATE TABLE sync_log (
          one INTEGER PRIMARY KEY CHECK (one = 1),
          relay_key BLOB,
          frontier TEXT NOT NULL
        ) STRICT;
        CREATE TABLE sync_alarms (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          kind TEXT NOT NULL,
          detail TEXT NOT NULL,
          at INTEGER NOT NULL,
          cleared_at INTEGER,
          UNIQUE (kind, detail)
        ) STRICT;
      `);
    },
  },
  {
    version: 14,
    description:
      "sync_log.head: the relay's signed head this device last verified, gossiped in its changes (R22)",
    up(db) {
      db.exec("ALTER TABLE sync_log ADD COLUMN head BLOB");
    },
  },
  {
    version: 15,
    description:
      "sync_kept: other devices' sealed deltas as this device received and applied them, so `sync repair` gives a relay that lost its data every change this device knows, not only its own (R23)",
    up(db) {
      db.exec(`
        CREATE TABLE sync_kept (
          n INTEGER PRIMARY KEY AUTOINCREMENT,
          delta_id TEXT NOT NULL UNIQUE,
          bytes BLOB NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 16,
    description:
      "sync_strand.witness: the URL of a second relay that keeps each device's signed statement of the log head it verified, so a fork shows without a person comparing fingerprints (R22)",
    up(db) {
      db.exec("ALTER TABLE sync_strand ADD COLUMN witness TEXT");
    },
  },
  {
    version: 17,
    description:
      "memory_tokens rebuilt: they also index the parts of compound identifiers (useSessionStore → ~use ~session ~store), for recall's partial-identifier channel",
    up(db) {
      retokenize(db);
    },
  },
  {
    version: 18,
    description:
      "sync_received.author: the verified author device of the sync change that carried each received op, so a team strand can say which member wrote a memory",
    up(db) {
      // A strand set back to an older version by hand (tests do) may have it already.
      const columns = db.prepare("PRAGMA table_info(sync_received)").all() as { name: string }[];
      if (!columns.some((c) => c.name === "author")) {
        db.exec("ALTER TABLE sync_received ADD COLUMN author TEXT");
      }
    },
  },
  {
    version: 19,
    description:
      "term_counts and term_pairs: how many memories hold each word and each pair of words, counted by the worker's associate job, for recall's learned associations (a local cache, not state)",
    up(db) {
      // IF NOT EXISTS: a strand set back to an older version by hand (tests do) has them.
      db.exec(`
        CREATE TABLE IF NOT EXISTS term_counts (term TEXT PRIMARY KEY, df INTEGER NOT NULL) STRICT, WITHOUT ROWID;
        CREATE TABLE IF NOT EXISTS term_pairs (
          a TEXT NOT NULL,
          b TEXT NOT NULL,
          n INTEGER NOT NULL,
          PRIMARY KEY (a, b)
        ) STRICT, WITHOUT ROWID;
        CREATE INDEX IF NOT EXISTS term_pairs_b ON term_pairs (b, a);
      `);
    },
  },
];
