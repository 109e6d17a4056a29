/**
 * Export: a strand's memories and edges as plain records (what `helix export` writes as
 * JSONL), streamed page by page in a stable order — memories by recorded time then id, then
 * edges by id — so exporting 10^5 memories never holds them all at once. Every record is
 * one `engine.importRecords` accepts.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import { type Origin, type Relation, type Status, STATUSES } from "../model/types.ts";
import type { ProvenanceRecord } from "../store/records.ts";
import { iso } from "../store/records.ts";
import { IN_LIST, type Store } from "../store/store.ts";
import type { JsonValue } from "../util/canonical_json.ts";

/** Where an exported memory came from: its first provenance. */
export interface ExportSource {
  readonly origin: Origin;
  readonly agent?: string;
  readonly ref?: string;
  readonly extractor?: string;
  readonly model?: string;
}

/** An exported memory. Times are ISO 8601 (UTC), as in {@linkcode Memory}. */
export interface ExportMemoryRecord extends
  Pick<
    Memory,
    | "id"
    | "type"
    | "content"
    | "scope"
    | "status"
    | "importance"
    | "confidence"
    | "validFrom"
    | "validTo"
    | "recordedAt"
    | "eventAt"
    | "eventEnd"
    | "eventPhrase"
  > {
  readonly kind: "memory";
  readonly tags: string[];
  readonly attributes: { [key: string]: JsonValue };
  readonly source: ExportSource;
}

/** An exported edge (active, with both ends exported). */
export interface ExportEdgeRecord {
  readonly kind: "edge";
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly relation: Relation;
  readonly weight: number;
}

/** One exported record. */
export type ExportRecord = ExportMemoryRecord | ExportEdgeRecord;

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
  const scopes = selection.scope === "all" ? null : JSON.stringify(selection.scope);
  const statuses = JSON.stringify(selection.statuses);
  const filter = (alias: string) =>
    `${alias}.status IN ${IN_LIST}${scopes === null ? "" : ` AND ${alias}.scope IN ${IN_LIST}`}`;
  const filterParams = scopes === null ? [statuses] : [statuses, scopes];
  const memoryPage = store.prepare(
    `SELECT m.rid AS rid, m.recorded_at AS at, m.id AS id FROM memories m
     WHERE ${filter("m")} AND (m.recorded_at > ? OR (m.recorded_at = ? AND m.id > ?))
     ORDER BY m.recorded_at, m.id LIMIT ${PAGE}`,
  );
  const edgePage = store.prepare(
    `SELECT e.id AS id, e.from_id AS "from", e.to_id AS "to", e.relation AS relation,
            e.weight AS weight
     FROM edges e JOIN memories a ON a.id = e.from_id JOIN memories b ON b.id = e.to_id
     WHERE e.status = 'active' AND e.id > ? AND ${filter("a")} AND ${filter("b")}
     ORDER BY e.id LIMIT ${PAGE}`,
  );
  return {
    *[Symbol.iterator]() {
      let at = Number.MIN_SAFE_INTEGER;
      let id = "";
      for (;;) {
        const rows = memoryPage.all(...filterParams, at, at, id) as {
          rid: number;
          at: number;
          id: string;
        }[];
        if (rows.length === 0) break;
        const records = new Map(store.memoriesByRid(rows.map((r) => r.rid)).map((r) => [r.rid, r]));
        const provenance = store.provenanceOf(rows.map((r) => r.id));
        for (const row of rows) {
          const m = records.get(row.rid);
          if (!m) continue; // deleted between the two reads
          yield {
            kind: "memory",
            id: m.id,
            type: m.type,
            content: m.content,
            scope: m.scope,
            status: m.status,
            importance: m.importance,
            confidence: m.confidence,
            tags: m.tags,
            attributes: m.attributes,
            validFrom: iso(m.validFrom),
            validTo: m.validTo === null ? null : iso(m.validTo),
            recordedAt: iso(m.recordedAt),
            eventAt: m.eventAt === null ? null : iso(m.eventAt),
            eventEnd: m.eventEnd === null ? null : iso(m.eventEnd),
            eventPhrase: m.eventPhrase,
            source: sourceOf(provenance.get(m.id)?.[0]),
          };
        }
        const last = rows.at(-1)!;
        at = last.at;
        id = last.id;
        if (rows.length < PAGE) break;
      }
      let after = "";
      for (;;) {
        const rows = edgePage.all(after, ...filterParams, ...filterParams) as unknown as Omit<
          ExportEdgeRecord,
          "kind"
        >[];
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

function sourceOf(p: ProvenanceRecord | undefined): ExportSource {
  if (!p) return { origin: "agent-ingested" };
  return {
    origin: p.origin,
    ...(p.agent !== null ? { agent: p.agent } : {}),
    ...(p.ref !== null ? { ref: p.ref } : {}),
    ...(p.extractor !== null ? { extractor: p.extractor } : {}),
    ...(p.model !== null ? { model: p.model } : {}),
  };
}
