/**
 * The doctor's checklist: each finding of an inspection as one line with a verdict and a
 * severity — `error` when the strand is damaged or does not match its log, `warning` when it
 * is sound but worth fixing.
 *
 * @module
 */
import { FTS_UNCHECKED } from "../store/queries/maintenance.ts";
import { SCHEMA_VERSION } from "../store/migrations.ts";
import type { StrandMeta } from "../store/meta.ts";
import type { Inspection, InspectionCheck } from "./inspect_types.ts";

/** What the checks judge. */
export interface Findings extends
  Pick<
    Inspection,
    "quickCheck" | "ftsProblem" | "badOps" | "vectors" | "refold" | "ops" | "unfinished"
  > {
  readonly meta: StrandMeta;
  /** Ops the fresh refold folded. */
  readonly refolded: number;
}

/** The checklist of `findings`, in the order the checks ran. */
export function inspectionChecks(f: Findings): InspectionCheck[] {
  const { meta, quickCheck, ftsProblem, badOps, ops, refold, vectors } = f;
  const sqliteOk = quickCheck.length === 1 && quickCheck[0] === "ok";
  return [
    {
      name: "schema",
      ok: meta.schemaVersion === SCHEMA_VERSION,
      severity: "error",
      detail: `schema version ${meta.schemaVersion} (this Helix writes ${SCHEMA_VERSION})`,
    },
    {
      name: "sqlite",
      ok: sqliteOk,
      severity: "error",
      detail: sqliteOk ? "quick_check: ok" : `quick_check: ${quickCheck.slice(0, 3).join("; ")}`,
    },
    {
      name: "fts",
      ok: ftsProblem === null || ftsProblem === FTS_UNCHECKED,
      severity: "error",
      detail: ftsProblem === null
        ? "full-text index matches the memories"
        : ftsProblem === FTS_UNCHECKED
        ? "full-text index not checked: the strand is read-only here (the check needs the write lock)"
        : `full-text index: ${ftsProblem} (rebuild the strand)`,
    },
    {
      name: "log",
      ok: badOps.length === 0,
      severity: "error",
      detail: badOps.length === 0
        ? `${ops} ops, every change id verified`
        : `${badOps.length} of ${ops} ops fail verification: ${badOps.slice(0, 3).join(", ")}` +
          (badOps.length > 3 ? "…" : ""),
    },
    {
      name: "refold",
      ok: refold.identical,
      severity: "error",
      detail: refold.identical
        ? `refolding ${f.refolded} ops reproduces state ${refold.live.slice(0, 12)}`
        : refold.error !== null
        ? `the log does not refold: ${refold.error}`
        : `tables differ from their log: live state ${refold.live.slice(0, 12)}, refolded ${
          refold.refolded!.slice(0, 12)
        } (run rebuild)`,
    },
    {
      name: "vectors",
      ok: vectors.missing + vectors.stale === 0,
      severity: "warning",
      detail: vectors.missing + vectors.stale === 0
        ? `every memory has a current vector (${meta.embeddingModel})`
        : `${vectors.missing} memories without a vector, ${vectors.stale} with a stale one (run backfill)`,
    },
    transfersCheck(f.unfinished),
  ];
}

/** Interrupted imports and merges: the strand is sound (each transaction was whole), but unfinished. */
function transfersCheck(unfinished: Findings["unfinished"]): InspectionCheck {
  const lines = unfinished.map((run) =>
    `${
      run.kind === "import" ? "the import of" : "the merge of"
    } ${run.label} stopped at ${run.done} of ${run.total} ${
      run.kind === "import" ? "records" : "ops"
    } (started ${new Date(run.startedAt).toISOString()}): run it again to finish it`
  );
  return {
    name: "transfers",
    ok: unfinished.length === 0,
    severity: "warning",
    detail: unfinished.length === 0 ? "no import or merge left unfinished" : lines.join("; "),
  };
}
