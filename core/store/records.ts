/**
 * Row shapes of the strand tables and their column lists: the one place where snake_case SQL
 * columns meet camelCase TypeScript (SQL aliases do the mapping).
 *
 * @module
 */
import type { CognitiveShape, Origin, Relation } from "../model/types.ts";
import {
  JSON_FIELDS,
  MEMORY_FIELD_NAMES,
  MEMORY_FIELDS,
  type MemoryField,
  type MemoryFieldValues,
} from "../model/fields.ts";
import { canonicalJson, type JsonValue } from "../util/canonical_json.ts";
import type { Edge, Memory, Provenance } from "../model/memory.ts";
import { parseHlc } from "../model/hlc.ts";

/**
 * A `memories` row, decoded: the patchable fields of the memory field table
 * (`model/fields.ts`) and the columns the fold keeps itself. Times are epoch ms.
 */
export interface MemoryRecord extends MemoryFieldValues {
  /** The row id (the FTS5 and vector index key). */
  rid: number;
  /** The memory id. */
  id: string;
  /** Episodic, semantic or procedural, from the type. */
  cognitive: CognitiveShape;
  /** Hash of the content, which vectors are checked against. */
  contentHash: string;
  /** When Helix first stored it. */
  recordedAt: number;
  /** When recall last served it. */
  lastAccessAt: number;
  /** How often recall served it. */
  accessCount: number;
  /** The SM-2 ease factor of its reinforcement. */
  ef: number;
  /** Its decay half-life, when it has its own. */
  halfLifeMs: number | null;
  /** The op that created it. */
  createdOp: string;
  /** The op its current state folds to. */
  headOp: string;
  /** The hybrid logical clock of its last change. */
  updatedHlc: string;
  /** Filter tokens for the keyword index, derived from scope, status and type. */
  ftsKey: string;
}

/** Memory fields an op may set after creation. */
export type MemoryFields = Partial<Omit<MemoryRecord, "rid" | "id" | "createdOp">>;

/** Column name of each memory field: the patchable ones from the field table, then the rest. */
export const MEMORY_COLUMNS: Readonly<Record<keyof Omit<MemoryRecord, "rid">, string>> = {
  id: "id",
  ...Object.fromEntries(
    MEMORY_FIELD_NAMES.map((field) => [field, MEMORY_FIELDS[field].column]),
  ) as Record<MemoryField, string>,
  cognitive: "cognitive",
  contentHash: "content_hash",
  recordedAt: "recorded_at",
  lastAccessAt: "last_access_at",
  accessCount: "access_count",
  ef: "ef",
  halfLifeMs: "half_life_ms",
  createdOp: "created_op",
  headOp: "head_op",
  updatedHlc: "updated_hlc",
  ftsKey: "fts_key",
};

/** `SELECT` list producing a raw memory row with camelCase keys, for table alias `m`. */
export const MEMORY_SELECT = [
  "m.rid AS rid",
  ...Object.entries(MEMORY_COLUMNS).map(([field, column]) => `m.${column} AS ${field}`),
].join(", ");

/** Decodes a raw row selected with {@linkcode MEMORY_SELECT}: parses the JSON fields. */
export function decodeMemoryRow(row: Record<string, unknown>): MemoryRecord {
  const record = { ...row } as Record<string, unknown>;
  for (const field of JSON_FIELDS) record[field] = JSON.parse(row[field] as string);
  return record as unknown as MemoryRecord;
}

/**
 * Encodes a field value for its column: canonical JSON for the JSON fields (tags and
 * attributes), so a row written from a caller's object and one refolded from the op's
 * canonical text are the same bytes (key order included).
 */
export function encodeField(field: keyof MemoryRecord, value: unknown): string | number | null {
  if (JSON_FIELDS.includes(field as MemoryField)) return canonicalJson(value as JsonValue);
  return value as string | number | null;
}

/** An `edges` row, decoded. */
export interface EdgeRecord {
  id: string;
  from: string;
  to: string;
  relation: Relation;
  weight: number;
  status: "active" | "removed";
  createdAt: number;
  createdOp: string;
  headOp: string;
}

/** `SELECT` list for edges with alias `e`. */
export const EDGE_SELECT =
  'e.id AS id, e.from_id AS "from", e.to_id AS "to", e.relation AS relation, e.weight AS weight, ' +
  "e.status AS status, e.created_at AS createdAt, e.created_op AS createdOp, e.head_op AS headOp";

/** A `provenance` row. */
export interface ProvenanceRecord {
  /** The memory or edge it is the provenance of. */
  subject: string;
  /** The op that brought it. */
  op: string;
  /** Stated by the user, or taken in by an agent. */
  origin: Origin;
  /** The agent or tool that wrote it. */
  agent: string | null;
  /** Where it came from (session, file, URL, turn). */
  ref: string | null;
  /** What produced the content. */
  extractor: string | null;
  /** The model involved, if one was. */
  model: string | null;
  /** When it was recorded. */
  at: number;
}

/** `SELECT` list for provenance with alias `p`. */
export const PROVENANCE_SELECT =
  "p.subject AS subject, p.op AS op, p.origin AS origin, p.agent AS agent, p.ref AS ref, " +
  "p.extractor AS extractor, p.model AS model, p.at AS at";

/** ISO 8601 (UTC) of epoch ms. */
export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The public shape of a stored memory. */
export function publicMemory(
  record: MemoryRecord,
  provenance: readonly ProvenanceRecord[],
): Memory {
  return {
    id: record.id,
    type: record.type,
    cognitive: record.cognitive,
    content: record.content,
    scope: record.scope,
    status: record.status,
    importance: record.importance,
    confidence: record.confidence,
    tags: record.tags,
    attributes: record.attributes,
    validFrom: iso(record.validFrom),
    validTo: record.validTo === null ? null : iso(record.validTo),
    recordedAt: iso(record.recordedAt),
    eventAt: record.eventAt === null ? null : iso(record.eventAt),
    eventEnd: record.eventEnd === null ? null : iso(record.eventEnd),
    eventPhrase: record.eventPhrase,
    lastAccessAt: iso(record.lastAccessAt),
    accessCount: record.accessCount,
    ef: record.ef,
    halfLifeDays: record.halfLifeMs === null ? null : record.halfLifeMs / 86_400_000,
    updatedAt: iso(parseHlc(record.updatedHlc).wall),
    provenance: provenance.map(publicProvenance),
  };
}

/** The public shape of a provenance row. */
export function publicProvenance(p: ProvenanceRecord): Provenance {
  return {
    origin: p.origin,
    agent: p.agent,
    ref: p.ref,
    extractor: p.extractor,
    model: p.model,
    op: p.op,
    at: iso(p.at),
  };
}

/** The public shape of a stored edge. */
export function publicEdge(record: EdgeRecord, provenance: readonly ProvenanceRecord[]): Edge {
  const first = provenance[0];
  return {
    id: record.id,
    from: record.from,
    to: record.to,
    relation: record.relation,
    weight: record.weight,
    createdAt: iso(record.createdAt),
    provenance: first ? publicProvenance(first) : {
      origin: "agent-ingested",
      agent: null,
      ref: null,
      extractor: null,
      model: null,
      op: record.createdOp,
      at: iso(record.createdAt),
    },
  };
}
