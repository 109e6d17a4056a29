/**
 * What an import writes, checked against the strand before anything is written: where each
 * memory lands (a new memory, one the strand already holds with the same values, which is
 * skipped, or one it holds with other values, a `conflict` unless the import skips existing
 * memories), whether every edge end exists (`not_found`), and the `edge.put` of each edge.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId } from "../model/ids.ts";
import type { ParsedImportEdge } from "../model/input.ts";
import type { LogTransaction, OpLog } from "../ops/log.ts";
import { opProvenance } from "../ops/provenance.ts";
import type { TransferDeps } from "./deps.ts";
import type { EdgeItem, MemoryItem, ParsedRecords } from "./import_parse.ts";
import { deriveLanding, type Landing, landingOf } from "./import_same.ts";

/** The memories to write (each with its id), those the strand has already, and the edges. */
export interface ImportPlan {
  readonly write: MemoryItem[];
  readonly skipped: MemoryItem[];
  readonly edges: readonly EdgeItem[];
}

/**
 * Where each memory of the import lands, and whether every edge end exists; throws when a
 * memory the strand holds differs from its record (unless `skipExisting`) or an edge end is
 * unknown. Every memory of the plan carries its id.
 */
export function planImport(
  deps: Pick<TransferDeps, "store" | "meta"> & { readonly log: Pick<OpLog, "read"> },
  records: Pick<ParsedRecords, "memories" | "edges" | "explicit">,
  skipExisting: boolean,
): ImportPlan {
  const write: MemoryItem[] = [];
  const skipped: MemoryItem[] = [];
  const claimed = new Set(records.explicit.keys());
  const occurrences = new Map<string, number>();
  const createdAs = (changeId: string) => {
    const payload = deps.log.read({ ids: [changeId] })[0]?.payload as
      | { content?: unknown; type?: unknown }
      | undefined;
    return typeof payload?.content === "string" && typeof payload.type === "string"
      ? { content: payload.content, type: payload.type }
      : undefined;
  };
  for (const item of records.memories) {
    let landing: Landing;
    if (item.write.id !== undefined) landing = landingOf(deps.store, item.write.id, item.write);
    else {
      const key = `${item.write.type ?? "fact"}\u0000${item.write.content}`;
      const occurrence = occurrences.get(key) ?? 0;
      occurrences.set(key, occurrence + 1);
      landing = deriveLanding(
        deps.store,
        createdAs,
        deps.meta.strandId,
        item.write,
        occurrence,
        claimed,
      );
      claimed.add(landing.id);
    }
    const landed = { index: item.index, write: { ...item.write, id: landing.id } };
    if (landing.stored === "new") write.push(landed);
    else if (landing.stored === "same" || skipExisting) skipped.push(landed);
    else throw changed(item.index, landing);
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
  return { write, skipped, edges: records.edges };
}

function changed(index: number, landing: Landing): HelixError {
  return new HelixError(
    "conflict",
    `Cannot import records: records[${index}].id: a memory with id "${landing.id}" already exists with another ${landing.field} (onExisting "skip" keeps the strand's memory and imports the rest)`,
    { details: { index, field: "id", id: landing.id, differs: landing.field } },
  );
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
