/**
 * Memories by id across the strands of a workspace: a memory is found in whichever strand
 * holds it (ids are unique within a strand; where a moved memory's id stays behind, forgotten,
 * in the strand it left, the live copy wins), and edits go to that strand.
 *
 * @module
 */
import { HelixError, isHelixError } from "../errors.ts";
import type { ForgetResult, ForgetTarget } from "../memory/forget.ts";
import type { PurgeResult } from "../memory/purge.ts";
import type { ScopeResolution } from "../memory/scopes.ts";
import type { Edge, Memory } from "../model/memory.ts";
import type { RelateInput } from "../model/inputs.ts";
import type { WorkspaceStrand } from "./types.ts";

/** Memory `id` and its strand: a live copy before a forgotten one, else the first. `not_found`. */
export function locate(
  strands: readonly WorkspaceStrand[],
  id: string,
): { strand: WorkspaceStrand; memory: Memory } {
  let found: { strand: WorkspaceStrand; memory: Memory } | undefined;
  for (const strand of strands) {
    let memory: Memory;
    try {
      memory = strand.engine.get(id);
    } catch (error) {
      if (isHelixError(error) && error.code === "not_found") continue;
      throw error;
    }
    if (memory.status !== "forgotten") return { strand, memory };
    found ??= { strand, memory };
  }
  if (found) return found;
  throw new HelixError("not_found", `Cannot get memory: no memory has id "${id}"`, {
    details: { id },
  });
}

/** `ids` grouped by the strand holding each, in strand order. */
function byStrand(
  strands: readonly WorkspaceStrand[],
  ids: readonly string[],
): Map<WorkspaceStrand, string[]> {
  const groups = new Map<WorkspaceStrand, string[]>();
  for (const id of ids) {
    const { strand } = locate(strands, id);
    groups.set(strand, [...groups.get(strand) ?? [], id]);
  }
  return groups;
}

/**
 * Soft-forgets by id in the strands holding them, or the best matches of a query found by
 * `search` (the workspace's fused search).
 */
export async function forgetAnywhere(
  strands: readonly WorkspaceStrand[],
  target: ForgetTarget,
  search: (query: string, limit: number) => Promise<readonly { memory: Memory; strand?: string }[]>,
): Promise<ForgetResult> {
  let groups: Map<WorkspaceStrand, string[]>;
  if ("query" in target) {
    groups = new Map();
    for (const hit of await search(target.query, target.limit ?? 1)) {
      const strand = strands.find((s) => s.label === hit.strand) ?? strands[0]!;
      groups.set(strand, [...groups.get(strand) ?? [], hit.memory.id]);
    }
  } else {
    groups = byStrand(strands, "ids" in target ? target.ids : [target.id]);
  }
  const forgotten: Memory[] = [];
  for (const [strand, ids] of groups) {
    forgotten.push(...(await strand.engine.forget({ ids })).forgotten);
  }
  return { forgotten };
}

/** Hard-deletes `ids` in the strands holding them. */
export function purgeAnywhere(
  strands: readonly WorkspaceStrand[],
  ids: readonly string[],
): PurgeResult {
  const results = [...byStrand(strands, ids)].map(([strand, group]) => strand.engine.purge(group));
  return {
    purged: results.flatMap((r) => r.purged).sort(),
    edgesRemoved: results.reduce((n, r) => n + r.edgesRemoved, 0),
    opsScrubbed: results.reduce((n, r) => n + r.opsScrubbed, 0),
    walCleared: results.every((r) => r.walCleared),
  };
}

/** Links two memories of one strand; `invalid_input` when they live in different strands. */
export function relateAnywhere(strands: readonly WorkspaceStrand[], input: RelateInput): Edge {
  const from = locate(strands, input.from).strand;
  const to = locate(strands, input.to).strand;
  if (from !== to) {
    throw new HelixError(
      "invalid_input",
      `Cannot relate memories: ${input.from} is in the ${from.label} strand, ${input.to} in ${to.label}`,
    );
  }
  return from.engine.relate(input);
}

/** Removes an edge from the strand that holds it. */
export function unrelateAnywhere(strands: readonly WorkspaceStrand[], edgeId: string): void {
  for (const strand of strands.slice(0, -1)) {
    try {
      return strand.engine.unrelate(edgeId);
    } catch (error) {
      if (!isHelixError(error) || error.code !== "not_found") throw error;
    }
  }
  strands.at(-1)!.engine.unrelate(edgeId);
}

/** What a scope name stands for in any strand: the first strand that knows it decides. */
export function resolveAnywhere(
  strands: readonly WorkspaceStrand[],
  name: string,
): ScopeResolution {
  const resolutions = strands.map((s) => s.engine.resolveScope(name));
  const projects = [...new Set(resolutions.flatMap((r) => r.projects))].sort();
  const known = resolutions.find((r) => r.known) ?? resolutions[0]!;
  return { ...known, projects };
}
