/**
 * What an import writes, checked against the strand: which memories are new and which it
 * already holds (a `conflict`, or skipped), whether every edge end exists (`not_found`), and
 * the `edge.put` of each imported edge.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId } from "../model/ids.ts";
import type { ParsedImportEdge } from "../model/input.ts";
import type { LogTransaction } from "../ops/log.ts";
import { opProvenance } from "../ops/provenance.ts";
import type { TransferDeps } from "./deps.ts";
import type { MemoryItem, ParsedRecords } from "./import_parse.ts";

/** The memories to write, and those skipped because the strand has them. */
export interface ImportPlan {
  readonly write: MemoryItem[];
  readonly skipped: MemoryItem[];
}

/**
 * Which memories to write and which the strand already has; throws when an id is taken and
 * the import fails on that, or an edge end is unknown.
 */
export function planImport(
  deps: Pick<TransferDeps, "store">,
  records: Pick<ParsedRecords, "memories" | "edges" | "explicit">,
  skipExisting: boolean,
): ImportPlan {
  const write: MemoryItem[] = [];
  const skipped: MemoryItem[] = [];
  for (const item of records.memories) {
    const { id } = item.write;
    if (id === undefined || deps.store.ridOf(id) === undefined) write.push(item);
    else if (skipExisting) skipped.push(item);
    else {
      throw new HelixError(
        "conflict",
        `Cannot import records: records[${item.index}].id: a memory with id "${id}" already exists`,
        { details: { index: item.index, field: "id", id } },
      );
    }
  }
  for (const { index, edge } of records.edges) {
    for (const [field, end] of [["from", edge.from], ["to", edge.to]] as const) {
      if (!records.explicit.has(end) && deps.store.ridOf(end) === undefined) {
        throw new HelixError(
          "not_found",
          `Cannot import records: records[${index}].${field}: no memory has id "${end}" in the strand or the import`,
          { details: { index, field, id: end } },
        );
      }
    }
  }
  return { write, skipped };
}

/** Appends the `edge.put` of an imported edge; false when an identical active edge exists. */
export function appendEdge(
  deps: Pick<TransferDeps, "store">,
  tx: LogTransaction,
  edge: ParsedImportEdge,
): boolean {
  const id = edgeId(edge.from, edge.relation, edge.to);
  const weight = edge.weight ?? 1;
  const existing = deps.store.edgeById(id);
  if (existing && existing.status === "active" && existing.weight === weight) return false;
  tx.append({
    kind: "edge.put",
    payload: {
      id,
      from: edge.from,
      to: edge.to,
      relation: edge.relation,
      weight,
      provenance: opProvenance(edge.source),
    },
  });
  return true;
}
