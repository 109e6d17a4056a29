/**
 * The records of a JSONL export (what `helix export` writes and `engine.importRecords`
 * accepts): a memory with its first provenance as its source, or an edge. Times are ISO
 * 8601 (UTC), as in {@linkcode Memory}.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import type { Origin, Relation } from "../model/types.ts";
import { iso, type MemoryRecord, type ProvenanceRecord } from "../store/records.ts";
import type { JsonValue } from "../util/canonical_json.ts";

/** Where an exported memory came from: its first provenance. */
export interface ExportSource {
  /** `user-asserted` or `agent-ingested` (the latter for a memory with no provenance). */
  readonly origin: Origin;
  /** The agent or tool that wrote it (e.g. `"claude-code"`); absent when unknown. */
  readonly agent?: string;
  /** A pointer to the source (session id, file path, URL, turn id); absent when none. */
  readonly ref?: string;
  /** What produced the content (`"verbatim"`, `"rules"`, `"llm"`…); absent when unknown. */
  readonly extractor?: string;
  /** The model involved; absent when none was. */
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
  /** Marks a memory line. */
  readonly kind: "memory";
  /** Free-form labels. */
  readonly tags: string[];
  /** Type-specific structure (procedure steps, triggers, alternatives…), as JSON. */
  readonly attributes: { [key: string]: JsonValue };
  /** Where it came from: its first provenance; an import records it as the memory's source. */
  readonly source: ExportSource;
}

/** An exported edge (active, with both ends exported). */
export interface ExportEdgeRecord {
  /** Marks an edge line. */
  readonly kind: "edge";
  /** Deterministic id: one edge per (from, relation, to). */
  readonly id: string;
  /** Source memory id (exported in the same file). */
  readonly from: string;
  /** Target memory id (exported in the same file). */
  readonly to: string;
  /** Relation type. */
  readonly relation: Relation;
  /** 0–1. */
  readonly weight: number;
}

/** One exported record. */
export type ExportRecord = ExportMemoryRecord | ExportEdgeRecord;

/** The export record of memory `m`, whose first provenance is `first` (if any). */
export function memoryExportRecord(
  m: MemoryRecord,
  first: ProvenanceRecord | undefined,
): ExportMemoryRecord {
  return {
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
    source: sourceOf(first),
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
