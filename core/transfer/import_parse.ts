/**
 * Reading the records of an import (`helix import`'s JSONL lines): each one a memory or an
 * edge, validated against its schema and redacted like every write, or refused with
 * `invalid_input` naming its position (`details.index`) and field.
 *
 * @module
 */
import type { z } from "zod";
import { HelixError } from "../errors.ts";
import { importEdgeSchema, importMemorySchema, type ParsedImportEdge } from "../model/input.ts";
import { type InputIssue, inputIssue, issuesLine } from "../model/input_issues.ts";
import type { BulkProgress } from "../ops/write_bulk.ts";
import type { PlannedWrite } from "../ops/write_one.ts";
import { redactWrite } from "../redact/write.ts";

/** A memory record, as the write it becomes, and its position in the input. */
export interface MemoryItem {
  readonly index: number;
  readonly write: PlannedWrite;
}

/** An edge record and its position in the input. */
export interface EdgeItem {
  readonly index: number;
  readonly edge: ParsedImportEdge;
}

/** The records of an import, read. */
export interface ParsedRecords {
  readonly memories: readonly MemoryItem[];
  readonly edges: readonly EdgeItem[];
  /** The position of each memory record that names its id, by id. */
  readonly explicit: ReadonlyMap<string, number>;
}

/** Progress is reported every this many records. */
export const PROGRESS_EVERY = 1_000;

/**
 * Validates every record, in order; throws at the first malformed one, or at a memory id
 * that an earlier record already gave.
 */
export function parseRecords(
  records: readonly unknown[],
  onProgress?: (progress: BulkProgress) => void,
): ParsedRecords {
  const total = records.length;
  const memories: MemoryItem[] = [];
  const edges: EdgeItem[] = [];
  const explicit = new Map<string, number>();
  records.forEach((record, index) => {
    const kind = (record as { kind?: unknown } | null)?.kind;
    if (kind === "memory") {
      const write = parseMemory(record, index);
      if (write.id !== undefined) {
        const first = explicit.get(write.id);
        if (first !== undefined) {
          throw invalid(index, "id", `repeats the id of records[${first}]`);
        }
        explicit.set(write.id, index);
      }
      memories.push({ index, write });
    } else if (kind === "edge") {
      edges.push({ index, edge: parse(importEdgeSchema, record, index) });
    } else {
      throw invalid(index, "kind", 'expected "memory" or "edge"');
    }
    if ((index + 1) % PROGRESS_EVERY === 0 || index + 1 === total) {
      onProgress?.({ phase: "validate", done: index + 1, total });
    }
  });
  return { memories, edges, explicit };
}

/** A memory record as a planned write (nulls of absent times dropped). */
function parseMemory(record: unknown, index: number): PlannedWrite {
  const {
    kind: _kind,
    validTo,
    eventAt,
    eventEnd,
    eventPhrase,
    ...rest
  } = parse(importMemorySchema, record, index);
  // Redacted like every write: an export of another strand, or a hand-made file, may hold
  // secrets, and none may reach the strand.
  return redactWrite({
    ...rest,
    ...(validTo !== null && validTo !== undefined ? { validTo } : {}),
    ...(eventAt !== null && eventAt !== undefined ? { eventAt } : {}),
    ...(eventEnd !== null && eventEnd !== undefined ? { eventEnd } : {}),
    ...(eventPhrase !== null && eventPhrase !== undefined ? { eventPhrase } : {}),
    allowEmptyValidity: true,
  }).write;
}

function parse<T extends z.ZodType>(schema: T, record: unknown, index: number): z.output<T> {
  const result = schema.safeParse(record);
  if (result.success) return result.data;
  const issues = result.error.issues.map(inputIssue);
  return invalidRecord(index, issues);
}

/** Each issue under `records[i]`, the first one's field in `details.field`. */
function invalidRecord(index: number, issues: readonly InputIssue[]): never {
  const at = issues.map((i) => ({ ...i, path: [`records[${index}]`, ...i.path] }));
  throw new HelixError("invalid_input", `Cannot import records: ${issuesLine(at)}`, {
    details: { index, field: issues[0]?.path.join(".") ?? "", issues },
  });
}

function invalid(
  index: number,
  field: string,
  problem: string,
  extra: Record<string, unknown> = {},
): HelixError {
  const at = field ? `records[${index}].${field}` : `records[${index}]`;
  return new HelixError("invalid_input", `Cannot import records: ${at}: ${problem}`, {
    details: { index, field, ...extra },
  });
}
