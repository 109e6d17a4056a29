/**
 * Inspection: what `helix doctor` reports about a strand, without changing it. SQLite's
 * `quick_check`, the FTS5 integrity check (run in a transaction that is rolled back), the op
 * log's hashes and tombstones, vectors missing or stale, and a refold of the whole log into a
 * fresh in-memory strand compared by state hash with the live one (`checks.ts` judges them).
 *
 * @module
 */
import { parseHlc } from "../model/hlc.ts";
import { refoldFresh } from "../ops/rebuild.ts";
import { stateHash } from "../ops/state_hash.ts";
import {
  ftsIntegrityProblem,
  inSnapshot,
  quickCheckLines,
  strandCounts,
  vectorGaps,
} from "../store/queries/maintenance.ts";
import { transferRuns } from "../store/queries/transfer_runs.ts";
import { iso } from "../store/records.ts";
import { fileBytes } from "../store/sqlite.ts";
import { inspectionChecks } from "./checks.ts";
import type { MaintenanceDeps } from "./deps.ts";
import type { Inspection } from "./inspect_types.ts";

/**
 * Inspects a strand. Reads run in one read transaction (a consistent snapshot while other
 * processes write); the FTS5 integrity check needs SQLite's write lock, so it waits for
 * other writers (up to the busy timeout) and is rolled back.
 */
export function inspectStrand(deps: MaintenanceDeps): Inspection {
  const { store, log, meta, path } = deps;
  const { db } = store;
  const quickCheck = quickCheckLines(db);
  const ftsProblem = ftsIntegrityProblem(db);
  return inSnapshot(db, () => {
    const { memories, ops, lastHlc } = strandCounts(db);
    const vectors = vectorGaps(db);
    const unfinished = transferRuns(store);
    const badOps = log.verify();
    const live = stateHash(db);
    const fresh = refoldFresh(log.canonical(), meta.embeddingDimension, db);
    const refold = {
      live,
      refolded: fresh.stateHash,
      identical: fresh.stateHash === live,
      error: fresh.error,
    };
    const checks = inspectionChecks({
      meta,
      quickCheck,
      ftsProblem,
      badOps,
      ops,
      vectors,
      refold,
      refolded: fresh.ops,
      unfinished,
    });
    return {
      ok: checks.every((c) => c.ok || c.severity !== "error"),
      checks,
      path,
      strandId: meta.strandId,
      schemaVersion: meta.schemaVersion,
      embedding: { model: meta.embeddingModel, dimension: meta.embeddingDimension },
      fileBytes: path === ":memory:" ? null : fileBytes(path),
      memories,
      ops,
      lastOpAt: lastHlc !== null ? iso(parseHlc(lastHlc).wall) : null,
      quickCheck,
      ftsProblem,
      badOps,
      vectors,
      unfinished,
      refold,
    };
  });
}
