/**
 * Snapshot parts and heads in the PostgreSQL relay backend (R28; tables in migration 2 of
 * `postgres_schema.ts`). The head moves by one upsert whose condition keeps it from going back
 * to an earlier log position, so instances racing to complete two snapshots agree.
 *
 * @module
 */
import type { Sql } from "postgres";
import type { SnapshotHead, SnapshotStorage } from "./types.ts";

type HeadRow = { upload: string; parts: number; position: string; epoch: number };

const headOf = (row: HeadRow): SnapshotHead => ({
  upload: row.upload,
  parts: row.parts,
  position: Number(row.position),
  epoch: row.epoch,
});

/** The snapshot half of the PostgreSQL storage over `sql`. */
export function postgresSnapshots(sql: Sql): SnapshotStorage {
  const strandRow = (strand: string) => sql`(SELECT id FROM strands WHERE strand_id = ${strand})`;
  return {
    async putSnapshotPart(strand, upload, part, bytes) {
      const rows = await sql`
        INSERT INTO snapshot_parts (strand, upload, part, bytes)
        SELECT id, ${upload}, ${part}, ${bytes} FROM strands WHERE strand_id = ${strand}
        ON CONFLICT (strand, upload, part) DO UPDATE SET bytes = excluded.bytes`;
      return rows.count === 1;
    },
    async countSnapshotParts(strand, upload) {
      const [row] = await sql<{ n: string }[]>`
        SELECT count(*) AS n FROM snapshot_parts
        WHERE strand = ${strandRow(strand)} AND upload = ${upload}`;
      return Number(row!.n);
    },
    async snapshotPart(strand, upload, part) {
      const [row] = await sql<{ bytes: Uint8Array }[]>`
        SELECT bytes FROM snapshot_parts
        WHERE strand = ${strandRow(strand)} AND upload = ${upload} AND part = ${part}`;
      return row ? new Uint8Array(row.bytes) : null;
    },
    async setSnapshotHead(strand, head) {
      return await sql.begin(async (tx) => {
        await tx`
          INSERT INTO snapshot_heads (strand, upload, parts, position, epoch)
          SELECT id, ${head.upload}, ${head.parts}, ${head.position}, ${head.epoch}
          FROM strands WHERE strand_id = ${strand}
          ON CONFLICT (strand) DO UPDATE SET upload = excluded.upload, parts = excluded.parts,
            position = excluded.position, epoch = excluded.epoch
          WHERE snapshot_heads.position <= excluded.position`;
        const [row] = await tx<HeadRow[]>`
          SELECT upload, parts, position, epoch FROM snapshot_heads
          WHERE strand = ${strandRow(strand)}`;
        if (!row) return head;
        await tx`DELETE FROM snapshot_parts
          WHERE strand = ${strandRow(strand)} AND upload <> ${row.upload}`;
        return headOf(row);
      });
    },
    async dropSnapshotUploads(strand, keep) {
      await sql`DELETE FROM snapshot_parts WHERE strand = ${strandRow(strand)}
        AND NOT (upload = ANY(${sql.array([...keep])}::text[]))`;
    },
    async snapshotHead(strand) {
      const [row] = await sql<HeadRow[]>`
        SELECT upload, parts, position, epoch FROM snapshot_heads
        WHERE strand = ${strandRow(strand)}`;
      return row ? headOf(row) : null;
    },
  };
}
