/**
 * Export: a strand's memories and edges as plain records (what `helix export` writes as
 * JSONL), streamed page by page in a stable order — memories by recorded time then id, then
 * edges by id — so exporting 10^5 memories never holds them all at once. Every record is
 * one `engine.importRecords` accepts (`records.ts` has their shapes).
 *
 * @module
 */
import { type Status, STATUSES } from "../model/types.ts";
import { exportEdgePage, type ExportFilter, exportMemoryPage } from "../store/queries/transfer.ts";
import type { Store } from "../store/store.ts";
import { type ExportRecord, memoryExportRecord } from "./records.ts";

/** What to export, validated. */
export interface ExportSelection {
  /** `"all"` or exactly these scopes (global is not added). */
  readonly scope: "all" | readonly string[];
  readonly statuses: readonly Status[];
}

/** Statuses exported when none are named: all but `forgotten`. */
export const DEFAULT_EXPORT_STATUSES: readonly Status[] = STATUSES.filter((s) => s !== "forgotten");

const PAGE = 500;

/**
 * The records of `selection`, re-read from the tables on each iteration. Edges are exported
 * when active and both their ends are exported memories.
 */
export function exportRecords(store: Store, selection: ExportSelection): Iterable<ExportRecord> {
  const filter: ExportFilter = {
    statuses: selection.statuses,
    scopes: selection.scope === "all" ? null : selection.scope,
  };
  return {
    *[Symbol.iterator]() {
      let cursor = { at: Number.MIN_SAFE_INTEGER, id: "" };
      for (;;) {
        const rows = exportMemoryPage(store, filter, cursor, PAGE);
        if (rows.length === 0) break;
        const records = new Map(store.memoriesByRid(rows.map((r) => r.rid)).map((r) => [r.rid, r]));
        const provenance = store.provenanceOf(rows.map((r) => r.id));
        for (const row of rows) {
          const m = records.get(row.rid);
          if (!m) continue; // deleted between the two reads
          yield memoryExportRecord(m, provenance.get(m.id)?.[0]);
        }
        const last = rows.at(-1)!;
        cursor = { at: last.at, id: last.id };
        if (rows.length < PAGE) break;
      }
      let after = "";
      for (;;) {
        const rows = exportEdgePage(store, filter, after, PAGE);
        for (const e of rows) {
          yield {
            kind: "edge",
            id: e.id,
            from: e.from,
            to: e.to,
            relation: e.relation,
            weight: e.weight,
          };
        }
        if (rows.length < PAGE) break;
        after = rows.at(-1)!.id;
      }
    },
  };
}
