/**
 * The memory graph in bounded pages: active edges by id whose two ends the reader may see
 * (`store/visibility.ts`'s {@linkcode browseVisibility}: active memories in the reader's
 * scopes), and the memories they join with their content shortened. A quarantined or
 * forgotten memory, and every edge touching it, stays off the page.
 *
 * @module
 */
import type { Edge } from "../model/memory.ts";
import { readScopes } from "../model/scope.ts";
import { graphEdgeIds } from "../store/queries/memories.ts";
import { browseVisibility } from "../store/visibility.ts";
import type { MemoryDeps } from "./deps.ts";
import { publicEdges } from "./read.ts";

/** One page of the memory graph. */
export interface GraphPage {
  /** Memories joined by the page's edges (content shortened to 160 characters). */
  readonly nodes: ReadonlyArray<
    { readonly id: string; readonly type: string; readonly scope: string; readonly content: string }
  >;
  /** Active edges whose ends are both visible, in id order. */
  readonly edges: readonly Edge[];
  /** Pass as `cursor` for the next page; null at the end. */
  readonly nextCursor: string | null;
}

/** What page of the graph to read. */
export interface GraphInput {
  /** Scopes to show (with global), `"all"`, or the reader's own when absent. */
  readonly scope?: "all" | string | string[];
  /** The previous page's `nextCursor`. */
  readonly cursor?: string;
  /** Edges per page, 1–500. @default {200} */
  readonly limit?: number;
}

/** A page of the graph as the reader sees it. */
export function graphPage(
  deps: Pick<MemoryDeps, "store" | "project" | "session">,
  input: GraphInput,
): GraphPage {
  const { store } = deps;
  const limit = Math.max(1, Math.min(500, Math.trunc(input.limit ?? 200)));
  const visibility = browseVisibility(readScopes(deps, input.scope));
  const ids = graphEdgeIds(store, visibility, input.cursor ?? "", limit + 1);
  const page = ids.slice(0, limit).map((id) => store.edgeById(id)!);
  const nodeIds = [...new Set(page.flatMap((e) => [e.from, e.to]))];
  const nodes = store.memoriesById(nodeIds).sort((a, b) => (a.id < b.id ? -1 : 1)).map((m) => ({
    id: m.id,
    type: m.type,
    scope: m.scope,
    content: m.content.length > 160 ? `${m.content.slice(0, 159)}…` : m.content,
  }));
  return {
    nodes,
    edges: publicEdges(store, page),
    nextCursor: ids.length > limit ? page.at(-1)!.id : null,
  };
}
