/**
 * Compaction in the SQLite relay backend (R28): the GC marker in force per strand, and the
 * bytes of the deltas it covers emptied in the same transaction (rows, ids and log nodes
 * stay; the file reuses the freed pages).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { CompactionStorage, CompactResult, GcRecord } from "./types.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS gc_markers (
  strand INTEGER PRIMARY KEY REFERENCES strands (id),
  position INTEGER NOT NULL,
  marker BLOB NOT NULL
);
`;

/** The compaction half of the SQLite storage over `db` (which has `strands` and `deltas`). */
export function sqliteCompaction(db: DatabaseSync): CompactionStorage {
  db.exec(SCHEMA);
  const q = {
    strand: db.prepare("SELECT id FROM strands WHERE strand_id = ?"),
    marker: db.prepare("SELECT position, marker FROM gc_markers WHERE strand = ?"),
    setMarker: db.prepare(`INSERT INTO gc_markers (strand, position, marker) VALUES (?, ?, ?)
      ON CONFLICT (strand) DO UPDATE SET position = excluded.position, marker = excluded.marker`),
    covered: db.prepare(`SELECT count(*) AS n, COALESCE(sum(length(bytes)), 0) AS bytes
      FROM deltas WHERE strand = ? AND server_seq <= ? AND length(bytes) > 0`),
    drop: db.prepare(`UPDATE deltas SET bytes = x'' WHERE strand = ? AND server_seq <= ?
      AND length(bytes) > 0`),
    release: db.prepare("UPDATE strands SET bytes_used = bytes_used - ? WHERE id = ?"),
  };
  const idOf = (strand: string) => (q.strand.get(strand) as { id: number } | undefined)?.id;
  const markerOf = (id: number) => {
    const row = q.marker.get(id) as { position: number; marker: Uint8Array } | undefined;
    return row ? { position: row.position, marker: row.marker } : null;
  };
  return {
    compact(strand: string, record: GcRecord): Promise<CompactResult> {
      const id = idOf(strand);
      if (id === undefined) return Promise.resolve({ kind: "no_strand" });
      db.exec("BEGIN IMMEDIATE");
      try {
        const current = markerOf(id);
        if (current !== null && current.position > record.position) {
          db.exec("COMMIT");
          return Promise.resolve({ kind: "behind", position: current.position });
        }
        if (current === null || current.position < record.position) {
          q.setMarker.run(id, record.position, record.marker);
        }
        const covered = q.covered.get(id, record.position) as { n: number; bytes: number };
        q.drop.run(id, record.position);
        q.release.run(covered.bytes, id);
        db.exec("COMMIT");
        return Promise.resolve({
          kind: "compacted",
          position: record.position,
          dropped: covered.n,
          freed: covered.bytes,
        });
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    gcMarker(strand: string): Promise<GcRecord | null> {
      const id = idOf(strand);
      return Promise.resolve(id === undefined ? null : markerOf(id));
    },
  };
}
