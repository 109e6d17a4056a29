/**
 * Compaction in the SQLite relay backend (R28): the GC marker in force per strand; in the same
 * transaction the rows of the deltas it covers move to `compacted_deltas` (id and sequence
 * only, which `findDelta` reads too) and leave `deltas`, whose freed pages the file reuses for
 * the deltas that follow (emptying the bytes in place would leave the pages allocated: keys
 * only grow, so nothing is ever inserted there again). The log nodes stay.
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
      FROM deltas WHERE strand = ? AND server_seq <= ?`),
    keep: db.prepare(`INSERT OR IGNORE INTO compacted_deltas (strand, delta_id, server_seq)
      SELECT strand, delta_id, server_seq FROM deltas WHERE strand = ? AND server_seq <= ?`),
    drop: db.prepare("DELETE FROM deltas WHERE strand = ? AND server_seq <= ?"),
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
        q.keep.run(id, record.position);
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
