/**
 * What the worker's jobs write besides patches: their provenance, the `derives` and
 * `contradicts` edges they draw, and the same-text lookup that keeps a rule, an insight or a
 * profile from being written twice.
 *
 * @module
 */
import { edgeId } from "../model/ids.ts";
import type { MemoryType } from "../model/types.ts";
import type { Recorder } from "../ops/job_run.ts";
import { activeIdWithContent } from "../store/queries/lifecycle_memories.ts";
import type { LifecycleDeps } from "./deps.ts";
import { sha256Hex } from "../util/hash.ts";

/** The provenance of what the worker's `extractor` job writes. */
export const workerSource = (extractor: string) =>
  ({ origin: "agent-ingested", agent: "helix-worker", extractor }) as const;

/**
 * Appends the edge `from —relation→ to`, drawn by the worker's `extractor` job; `ref` says why
 * (a contradiction's attribute and values).
 */
export function link(
  tx: Recorder,
  from: string,
  relation: "derives" | "contradicts",
  to: string,
  extractor: string,
  ref?: string,
): void {
  tx.append({
    kind: "edge.put",
    payload: {
      id: edgeId(from, relation, to),
      from,
      to,
      relation,
      weight: 1,
      provenance: ref === undefined ? workerSource(extractor) : { ...workerSource(extractor), ref },
    },
  });
}

/** An active memory of `scope` and `type` with exactly this text, if any. */
export function findSame(
  deps: Pick<LifecycleDeps, "store">,
  scope: string,
  content: string,
  type: MemoryType,
): string | null {
  return activeIdWithContent(deps.store, sha256Hex(content), scope, type);
}
