/**
 * Appending a delta on PostgreSQL, correct with any number of relay instances writing one strand.
 *
 * First try, two round trips and no explicit transaction: one read of the strand row, the
 * delta's existing sequence and the log-tree siblings the new leaf needs; then one statement
 * that moves the strand row only if it still holds that `delta_seq` and epoch (compare-and-swap;
 * a rival that moved it first makes the UPDATE wait for its commit, then PostgreSQL re-checks
 * the condition on the new row and it fails), and inserts the delta and its tree nodes only
 * through that moved row, all in one implicit transaction. Every change to a strand's deltas
 * moves `delta_seq`, so the bytes used and the siblings read first are still the truth when the
 * swap succeeds.
 *
 * When it does not (a rival won the race), the append runs again as a READ COMMITTED transaction
 * that takes the row with `SELECT … FOR UPDATE`: writers to one strand then go one at a time, and
 * each statement after the lock sees everything committed before it. Under contention that costs
 * one wait per rival instead of a retry storm.
 *
 * @module
 */
import type { Sql, TransactionSql } from "postgres";
import { logAppendNodes, logAppendSiblings, logLeafHash } from "@helix/core/wire";
import type { AppendDeltaResult, DeltaRecord, LogNodeKey } from "./types.ts";

/** A delta id as 32 bytes when it is 64 hex digits, else its text as bytes. */
export function idBytes(deltaId: string): Uint8Array {
  if (!/^[0-9a-f]{64}$/.test(deltaId)) return new TextEncoder().encode(deltaId);
  return Uint8Array.from(deltaId.match(/../g)!, (pair) => parseInt(pair, 16));
}

/** `npm:postgres` reads bytea as a Buffer (maybe a view into a shared pool): copy it out. */
export const own = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/** The log-tree nodes `keys` of strand row `id`, in order, null where absent. */
export async function readNodes(
  sql: Sql | TransactionSql,
  id: string,
  keys: readonly LogNodeKey[],
): Promise<(Uint8Array | null)[]> {
  if (keys.length === 0) return [];
  const rows = await sql<{ level: number; idx: string; hash: Uint8Array }[]>`
    SELECT level, idx, hash FROM log_nodes WHERE strand = ${id}
      AND (level, idx) IN (SELECT * FROM unnest(
        ${sql.array(keys.map((k) => k.level))}::int[],
        ${sql.array(keys.map((k) => k.index))}::bigint[]))`;
  const found = new Map(rows.map((row) => [`${row.level}/${row.idx}`, own(row.hash)]));
  return keys.map((key) => found.get(`${key.level}/${key.index}`) ?? null);
}

/** The nodes leaf `seq - 1` adds, from the siblings read for it. */
function treeNodes(seq: number, deltaId: string, hashes: readonly (Uint8Array | null)[]) {
  const siblings = logAppendSiblings(seq - 1);
  return logAppendNodes(seq - 1, logLeafHash(deltaId), (level, index) => {
    const hash = hashes[siblings.findIndex((k) => k.level === level && k.index === index)];
    if (!hash) throw new Error(`The log tree lacks node ${level}/${index}`);
    return hash;
  });
}

interface StrandRow {
  id: string;
  epoch: number;
  deltaSeq: string;
  used: string;
}

/** What a strand's row says about one append: a result, or the sequence it would take. */
function decide(
  row: StrandRow | undefined,
  known: string | null,
  delta: DeltaRecord,
  quota: number,
): AppendDeltaResult | { kind: "next"; seq: number } {
  if (!row) return { kind: "no_strand" };
  if (known !== null) return { kind: "duplicate", seq: Number(known) };
  if (row.epoch !== delta.epoch) return { kind: "stale_epoch", epoch: row.epoch };
  const used = Number(row.used);
  if (used + delta.bytes.length > quota) return { kind: "quota", used };
  return { kind: "next", seq: Number(row.deltaSeq) + 1 };
}

/** The optimistic append; null when a rival moved the strand first. */
async function appendSwap(sql: Sql, strand: string, delta: DeltaRecord, quota: number) {
  const deltaId = idBytes(delta.deltaId);
  // The new leaf's index is delta_seq; its left siblings are (l, (delta_seq >> l) - 1) for each
  // level l below the count of delta_seq's trailing one bits (`logAppendSiblings`).
  const [row] = await sql<(StrandRow & { known: string | null; siblings: string[] | null })[]>`
    SELECT s.id, s.epoch, s.delta_seq AS "deltaSeq", s.bytes_used AS used,
      (SELECT server_seq FROM deltas WHERE strand = s.id AND delta_id = ${deltaId}) AS known,
      (SELECT array_agg(n.level || '/' || n.idx || '/' || encode(n.hash, 'hex'))
        FROM log_nodes n WHERE n.strand = s.id AND (n.level, n.idx) IN (
          SELECT l, (s.delta_seq >> l) - 1 FROM generate_series(0, 52) AS l
          WHERE (s.delta_seq + 1) % (1::bigint << (l + 1)) = 0)) AS siblings
    FROM strands s WHERE s.strand_id = ${strand}`;
  const next = decide(row, row?.known ?? null, delta, quota);
  if (next.kind !== "next") return next;
  const { seq } = next;
  const read = new Map((row!.siblings ?? []).map((text) => {
    const [level, idx, hex] = text.split("/");
    return [`${level}/${idx}`, Uint8Array.from(hex!.match(/../g) ?? [], (p) => parseInt(p, 16))];
  }));
  const hashes = logAppendSiblings(seq - 1).map((k) => read.get(`${k.level}/${k.index}`) ?? null);
  const added = treeNodes(seq, delta.deltaId, hashes);
  const hex = (bytes: Uint8Array) =>
    Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    const [swap] = await sql<{ moved: number }[]>`
      WITH moved AS (
        UPDATE strands SET delta_seq = ${seq}, bytes_used = bytes_used + ${delta.bytes.length}
        WHERE id = ${row!.id} AND delta_seq = ${seq - 1} AND epoch = ${delta.epoch}
        RETURNING id
      ), stored AS (
        INSERT INTO deltas (strand, server_seq, delta_id, epoch, bytes, received_day)
        SELECT id, ${seq}, ${deltaId}, ${delta.epoch}, ${delta.bytes}, ${delta.day} FROM moved
      ), tree AS (
        INSERT INTO log_nodes (strand, level, idx, hash)
        SELECT moved.id, n.level, n.idx, decode(n.hash, 'hex') FROM moved, unnest(
          ${sql.array(added.map((n) => n.level))}::int[],
          ${sql.array(added.map((n) => n.index))}::bigint[],
          ${sql.array(added.map((n) => hex(n.hash)))}::text[]) AS n (level, idx, hash)
      )
      SELECT count(*)::int AS moved FROM moved`;
    return swap?.moved === 1 ? { kind: "stored" as const, seq } : null;
  } catch (error) {
    // A rival stored the same delta id between the read and the swap: settled under the lock.
    if ((error as { code?: string }).code === "23505") return null;
    throw error;
  }
}

/** The append under the strand row's lock: always decides. */
function appendLocked(sql: Sql, strand: string, delta: DeltaRecord, quota: number) {
  return sql.begin(async (tx): Promise<AppendDeltaResult> => {
    const deltaId = idBytes(delta.deltaId);
    const [row] = await tx<StrandRow[]>`
      SELECT id, epoch, delta_seq AS "deltaSeq", bytes_used AS used FROM strands
      WHERE strand_id = ${strand} FOR UPDATE`;
    const [known] = row
      ? await tx<{ seq: string }[]>`
        SELECT server_seq AS seq FROM deltas WHERE strand = ${row.id} AND delta_id = ${deltaId}`
      : [];
    const next = decide(row, known?.seq ?? null, delta, quota);
    if (next.kind !== "next") return next;
    const { seq } = next;
    const id = row!.id;
    const added = treeNodes(
      seq,
      delta.deltaId,
      await readNodes(tx, id, logAppendSiblings(seq - 1)),
    );
    await tx`INSERT INTO deltas (strand, server_seq, delta_id, epoch, bytes, received_day)
      VALUES (${id}, ${seq}, ${deltaId}, ${delta.epoch}, ${delta.bytes}, ${delta.day})`;
    await tx`UPDATE strands SET delta_seq = ${seq},
      bytes_used = bytes_used + ${delta.bytes.length} WHERE id = ${id}`;
    await tx`INSERT INTO log_nodes ${
      tx(added.map((n) => ({ strand: id, level: n.level, idx: n.index, hash: n.hash })))
    }`;
    return { kind: "stored", seq };
  });
}

/** Appends `delta` to `strand` (the storage interface's `appendDelta`). */
export async function appendDelta(
  sql: Sql,
  strand: string,
  delta: DeltaRecord,
  quota: number,
): Promise<AppendDeltaResult> {
  return await appendSwap(sql, strand, delta, quota) ??
    await appendLocked(sql, strand, delta, quota);
}
