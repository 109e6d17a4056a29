/**
 * Snapshot parts and heads in the SQLite relay backend (R28): two tables beside the deltas,
 * keyed by the strand's row.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { SnapshotHead, SnapshotStorage } from "./types.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS snapshot_parts (
  strand INTEGER NOT NULL REFERENCES strands (id),
  upload TEXT NOT NULL,
  part INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (strand, upload, part)
);
CREATE TABLE IF NOT EXISTS snapshot_heads (
  strand INTEGER PRIMARY KEY REFERENCES strands (id),
  upload TEXT NOT NULL,
  parts INTEGER NOT NULL,
  position INTEGER NOT NULL,
  epoch INTEGER NOT NULL
);
`;

const STRAND = "(SELECT id FROM strands WHERE strand_id = ?)";

/** The snapshot half of the SQLite storage over `db` (which has the `strands` table). */
export function sqliteSnapshots(db: DatabaseSync): SnapshotStorage {
  db.exec(SCHEMA);
  const q = {
    strand: db.prepare("SELECT id FROM strands WHERE strand_id = ?"),
    put: db.prepare(`INSERT INTO snapshot_parts (strand, upload, part, bytes) VALUES (?, ?, ?, ?)
      ON CONFLICT (strand, upload, part) DO UPDATE SET bytes = excluded.bytes`),
    count: db.prepare(
      `SELECT count(*) AS n FROM snapshot_parts WHERE strand = ${STRAND} AND upload = ?`,
    ),
    part: db.prepare(
      `SELECT bytes FROM snapshot_parts WHERE strand = ${STRAND} AND upload = ? AND part = ?`,
    ),
    head: db.prepare(
      `SELECT upload, parts, position, epoch FROM snapshot_heads WHERE strand = ${STRAND}`,
    ),
    setHead: db.prepare(`INSERT INTO snapshot_heads (strand, upload, parts, position, epoch)
      VALUES (?, ?, ?, ?, ?) ON CONFLICT (strand) DO UPDATE SET upload = excluded.upload,
      parts = excluded.parts, position = excluded.position, epoch = excluded.epoch
      WHERE snapshot_heads.position <= excluded.position`),
    drop: db.prepare("DELETE FROM snapshot_parts WHERE strand = ? AND upload <> ?"),
    uploads: db.prepare(`SELECT DISTINCT upload FROM snapshot_parts WHERE strand = ${STRAND}`),
    dropUpload: db.prepare(`DELETE FROM snapshot_parts WHERE strand = ${STRAND} AND upload = ?`),
  };
  const idOf = (strand: string) => (q.strand.get(strand) as { id: number } | undefined)?.id;
  const headOf = (strand: string) => (q.head.get(strand) as SnapshotHead | undefined) ?? null;
  return {
    putSnapshotPart(strand, upload, part, bytes) {
      const id = idOf(strand);
      if (id === undefined) return Promise.resolve(false);
      q.put.run(id, upload, part, bytes);
      return Promise.resolve(true);
    },
    countSnapshotParts(strand, upload) {
      return Promise.resolve((q.count.get(strand, upload) as { n: number }).n);
    },
    snapshotPart(strand, upload, part) {
      const row = q.part.get(strand, upload, part) as { bytes: Uint8Array } | undefined;
      return Promise.resolve(row?.bytes ?? null);
    },
    setSnapshotHead(strand, head) {
      const id = idOf(strand);
      if (id === undefined) return Promise.resolve(head);
      db.exec("BEGIN IMMEDIATE");
      try {
        q.setHead.run(id, head.upload, head.parts, head.position, head.epoch);
        const now = headOf(strand)!;
        q.drop.run(id, now.upload);
        db.exec("COMMIT");
        return Promise.resolve({ ...now });
      } catch (error) {
        db.exec("ROLLBACK");
        throw error;
      }
    },
    dropSnapshotUploads(strand, keep) {
      for (const row of q.uploads.all(strand) as { upload: string }[]) {
        if (!keep.includes(row.upload)) q.dropUpload.run(strand, row.upload);
      }
      return Promise.resolve();
    },
    snapshotHead(strand) {
      const head = headOf(strand);
      return Promise.resolve(head === null ? null : { ...head });
    },
  };
}
