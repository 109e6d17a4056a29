/**
 * Compaction in the PostgreSQL relay backend (R28; table in migration 3 of
 * `postgres_schema.ts`): one transaction takes the strand's row `FOR UPDATE` (as a delta
 * append does, so the two never interleave), keeps the marker unless one covering a later
 * position is in force, empties the covered deltas' bytes and takes them off `bytes_used`.
 *
 * @module
 */
import type { Sql } from "postgres";
import type { CompactionStorage, CompactResult, GcRecord } from "./types.ts";

type MarkerRow = { position: string; marker: Uint8Array };

/** The compaction half of the PostgreSQL storage over `sql`. */
export function postgresCompaction(sql: Sql): CompactionStorage {
  return {
    compact: (strand: string, record: GcRecord) =>
      sql.begin(async (tx): Promise<CompactResult> => {
        const [row] = await tx<{ id: string }[]>`
          SELECT id FROM strands WHERE strand_id = ${strand} FOR UPDATE`;
        if (!row) return { kind: "no_strand" };
        const [current] = await tx<MarkerRow[]>`
          SELECT position, marker FROM gc_markers WHERE strand = ${row.id}`;
        if (current && Number(current.position) > record.position) {
          return { kind: "behind", position: Number(current.position) };
        }
        if (!current || Number(current.position) < record.position) {
          await tx`INSERT INTO gc_markers (strand, position, marker)
            VALUES (${row.id}, ${record.position}, ${record.marker})
            ON CONFLICT (strand) DO UPDATE SET position = excluded.position,
              marker = excluded.marker`;
        }
        const [covered] = await tx<{ n: string; bytes: string }[]>`
          WITH dropped AS (
            UPDATE deltas d SET bytes = ''::bytea
            FROM (SELECT server_seq, octet_length(bytes) AS size FROM deltas
              WHERE strand = ${row.id} AND server_seq <= ${record.position}
                AND octet_length(bytes) > 0) old
            WHERE d.strand = ${row.id} AND d.server_seq = old.server_seq
            RETURNING old.size
          )
          SELECT count(*) AS n, COALESCE(sum(size), 0) AS bytes FROM dropped`;
        const freed = Number(covered!.bytes);
        await tx`UPDATE strands SET bytes_used = bytes_used - ${freed} WHERE id = ${row.id}`;
        return {
          kind: "compacted",
          position: record.position,
          dropped: Number(covered!.n),
          freed,
        };
      }),
    async gcMarker(strand: string): Promise<GcRecord | null> {
      const [row] = await sql<MarkerRow[]>`
        SELECT position, marker FROM gc_markers
        WHERE strand = (SELECT id FROM strands WHERE strand_id = ${strand})`;
      return row ? { position: Number(row.position), marker: new Uint8Array(row.marker) } : null;
    },
  };
}
