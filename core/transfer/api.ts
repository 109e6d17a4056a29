/**
 * The transfer slice of the engine: memories and edges as JSONL records, the sealed `.dna`
 * file, and another strand's ops merged into this one.
 *
 * @module
 */
import { exportOptionsSchema, parseInput } from "../model/input.ts";
import type { ExportOptions } from "../model/queries.ts";
import type { Clock } from "../ports.ts";
import type { OpLog } from "../ops/log.ts";
import { mergeOps, type MergeOptions, type MergeReport } from "../ops/merge.ts";
import type { Op } from "../ops/kinds.ts";
import type { BulkProgress } from "../ops/write_bulk.ts";
import { guard, guardAsync } from "../store/guard.ts";
import type { Store } from "../store/store.ts";
import { type DnaExportOptions, type DnaExportResult, exportDna } from "./dna_export.ts";
import { type DnaImportOptions, type DnaImportReport, importDna } from "./dna_import.ts";
import { DEFAULT_EXPORT_STATUSES, exportRecords } from "./export.ts";
import type { ExportRecord } from "./records.ts";
import {
  type ImportOptions,
  type ImportRecord,
  importRecords,
  type ImportResult,
} from "./import.ts";

/** Moving memories between strands. */
export interface TransferApi {
  /**
   * Memories and then edges as plain records, streamed in a stable order (memories by
   * recorded time then id, edges by id). Defaults: every scope (a named scope means exactly
   * that scope, without global), every status but `forgotten`. Edges are exported when active
   * and both their ends are exported.
   *
   * @example Copy a strand
   * ```ts
   * import { openEngine } from "../engine.ts";
   * import { deepEqual } from "node:assert/strict";
   *
   * const from = openEngine({ path: ":memory:", project: "web" });
   * const a = await from.write({ content: "Use pnpm.", type: "convention" });
   * const b = await from.write({ content: "CI runs on GitHub Actions." });
   * from.relate({ from: a.id, to: b.id, relation: "related_to" });
   * const to = openEngine({ path: ":memory:" });
   * await to.importRecords([...from.exportRecords()]);
   * deepEqual([...to.exportRecords()], [...from.exportRecords()]);
   * from.close();
   * to.close();
   * ```
   */
  exportRecords(options?: ExportOptions): Iterable<ExportRecord>;
  /**
   * Writes memories and edges. Every record is checked first: a bad one throws with its
   * 0-based position in `details.index` and changes nothing. They are then written in short
   * transactions (~50 ms each), so other writers are never shut out for long. A memory's `id`
   * is kept; one the strand already holds with the same values is skipped, so importing the
   * same records again changes nothing (`onExisting` says what a differing one does). Edges
   * may join memories of the import or of the strand. An interrupted import is reported by
   * `stats().unfinished` and finished by importing the same records again.
   */
  importRecords(
    records: readonly ImportRecord[],
    onProgress?: (p: BulkProgress) => void,
    options?: ImportOptions,
  ): Promise<ImportResult>;
  /** The strand, or the memories of some scopes and types, as a sealed, signed `.dna` file. */
  exportDna(options: DnaExportOptions): Promise<DnaExportResult>;
  /**
   * Opens a `.dna` file (signature, key commitment and decryption checked first), checks its
   * body against its manifest and merges its ops; the strand is unchanged on any failure.
   */
  importDna(bytes: Uint8Array, options: DnaImportOptions): Promise<DnaImportReport>;
  /**
   * Merges another strand's ops (the union of the two histories, folded deterministically;
   * `ops/merge.ts`): concurrent edits are merged three-way and their conflicts recorded.
   * Ops already here are skipped, so merging the same ops twice changes nothing. The merge
   * commits in short transactions, each leaving the strand consistent; an interrupted one
   * is reported by `stats().unfinished` and finished by merging the same ops again.
   */
  mergeOps(ops: readonly Op[], options?: MergeOptions): MergeReport;
  /** Every op of the strand in fold order (what {@linkcode TransferApi.mergeOps} takes). */
  ops(): Op[];
}

/** What the transfer API needs: the log, tables and clock, and what import and `.dna` take. */
export type TransferDeps =
  & { readonly store: Store; readonly log: OpLog; readonly clock: Clock }
  & Parameters<typeof importRecords>[0]
  & Parameters<typeof exportDna>[0]
  & Parameters<typeof importDna>[0];

/** The transfer API over `deps`. */
export function createTransferApi(deps: TransferDeps): TransferApi {
  const { store, log } = deps;
  return {
    exportRecords(options = {}) {
      const parsed = parseInput(exportOptionsSchema, options, "export records");
      const scope = parsed.scope === undefined || parsed.scope === "all"
        ? "all"
        : [parsed.scope].flat();
      return exportRecords(store, { scope, statuses: parsed.statuses ?? DEFAULT_EXPORT_STATUSES });
    },
    importRecords: (records, onProgress, options) =>
      guardAsync("import records", () => importRecords(deps, records, onProgress, options)),
    exportDna: (options) => guardAsync("export .dna", () => exportDna(deps, options)),
    importDna: (bytes, options) => guardAsync("import .dna", () => importDna(deps, bytes, options)),
    mergeOps: (ops, options = {}) =>
      guard("merge ops", () => mergeOps(deps, ops, deps.clock.now(), options)),
    ops: () => guard("read ops", () => [...log.canonical()]),
  };
}
