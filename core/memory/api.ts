/**
 * The memory slice of the engine: reading and editing single memories and edges as ops
 * (get, list, patch, forget, purge, relate, reinforce, session ends) and the graph in pages.
 *
 * @module
 */
import type { PatchInput, RelateInput } from "../model/inputs.ts";
import type { ListInput } from "../model/queries.ts";
import type { Edge, Memory } from "../model/memory.ts";
import { guard } from "../store/guard.ts";
import { creatorsOf, type MemoryCreator } from "../store/queries/creators.ts";
import type { MemoryDeps } from "./deps.ts";
import { forgetMemories, type ForgetResult, type ForgetTarget } from "./forget.ts";
import { type GraphInput, type GraphPage, graphPage } from "./graph.ts";
import { listMemories, type ListResult } from "./list.ts";
import { patchMemory } from "./patch.ts";
import { purgeMemories, type PurgeResult } from "./purge.ts";
import { edgesOf, getMemory } from "./read.ts";
import { reinforceMemory } from "./reinforce.ts";
import { relateMemories, unrelateMemories } from "./relate.ts";
import { recordSessionEnd, type SessionEnd } from "./session.ts";
import { resolveScope, type ScopeResolution } from "./scopes.ts";

/** Reading and changing memories and edges one by one. */
export interface MemoryApi {
  /** A memory by id, whatever its status. Throws `not_found`. */
  get(id: string): Memory;
  /**
   * Who created each memory of `ids` (the device of its first `memory.put`, and for one that
   * arrived by sync the verified author of the change that carried it). Unknown ids are left
   * out.
   */
  creators(ids: readonly string[]): Map<string, MemoryCreator>;
  /** Memories by filter, newest first, paged. Defaults: the caller's scopes, active only. */
  list(input?: ListInput): ListResult;
  /** Changes fields of a memory (an op); unchanged fields are ignored. Throws `not_found`. */
  patch(id: string, changes: PatchInput): Promise<Memory>;
  /** Soft-forgets memories by id, or the best matches of a query (recoverable with `patch({status})`). */
  forget(target: ForgetTarget): Promise<ForgetResult>;
  /**
   * Hard-deletes memories (`helix forget --hard`): one `memory.purge` op removes them from
   * every table and index, removes every edge touching them, and turns the payload of every
   * earlier op that touched them into a tombstone. Not recoverable. Throws `not_found` for an
   * unknown (or already purged) id, changing nothing.
   *
   * The ids themselves leave the strand too (an id is a slug of the content's first words):
   * the op names each memory by the change id of its `memory.put`, and the log's refs name it
   * `purged:<that change id>`, so `history({ id })` of a purged id finds nothing.
   *
   * @example Forget for good
   * ```ts
   * import { openEngine } from "../engine.ts";
   * import { deepEqual, equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "The staging password is hunter2." });
   * const result = engine.purge([id]);
   * deepEqual(result.purged, [id]);
   * equal(result.opsScrubbed, 1); // the memory.put now reads {"purged": "<purge change id>"}
   * const [purge, put] = engine.history();
   * equal(purge?.summary, "purged 1 memory");
   * equal(put?.summary.startsWith("purged memory.put"), true);
   * deepEqual(engine.history({ id }), []);
   * deepEqual(engine.verifyLog(), []);
   * engine.close();
   * ```
   */
  purge(ids: readonly string[]): PurgeResult;
  /**
   * Links two memories. Relating the same pair again updates the weight. An end that is
   * quarantined (or forgotten) is refused with `conflict`: the user confirms it first.
   */
  relate(input: RelateInput): Edge;
  /** Removes an edge (kept in history). */
  unrelate(edgeId: string): void;
  /** Edges touching a memory. */
  edgesOf(id: string): Edge[];
  /**
   * Records whether a recalled memory helped (SM-2 quality 0–5) as a `memory.reinforce` op.
   * A quarantined (or forgotten) memory is refused with `conflict`, as recall never shows it.
   */
  reinforce(id: string, quality: number): Memory;
  /** Records the end of an agent session (a consolidation boundary) as a `session.end` op. */
  recordSessionEnd(input: SessionEnd): void;
  /**
   * What a scope name stands for: `web-app` (or `project:web-app`) resolves to the one project
   * in use whose id ends with it, such as `project:github.com/acme/web-app`. Throws
   * `invalid_input` when it names several projects (listed in the message).
   */
  resolveScope(name: string): ScopeResolution;
  /**
   * A page of the graph in the caller's scopes: edges by id whose ends are both active, and
   * the memories they join.
   */
  graph(input?: GraphInput): GraphPage;
}

/** The memory API over `deps`. */
export function createMemoryApi(deps: MemoryDeps): MemoryApi {
  return {
    get: (id) => guard("get memory", () => getMemory(deps, id)),
    creators: (ids) => guard("read creators", () => creatorsOf(deps.store, ids)),
    list: (input = {}) => guard("list memories", () => listMemories(deps, input)),
    patch: (id, changes) => patchMemory(deps, id, changes),
    forget: (target) => forgetMemories(deps, target),
    purge: (ids) => purgeMemories(deps, ids),
    relate: (input) => relateMemories(deps, input),
    unrelate: (id) => unrelateMemories(deps, id),
    edgesOf: (id) => guard("list edges", () => edgesOf(deps, id)),
    reinforce: (id, quality) => reinforceMemory(deps, id, quality),
    recordSessionEnd: (input) => recordSessionEnd(deps, input),
    resolveScope: (name) => guard("resolve scope", () => resolveScope(deps.store, name)),
    graph: (input = {}) => guard("read graph", () => graphPage(deps, input)),
  };
}
