/**
 * What an op touches: the memory, edge and session ids it is indexed under in `op_refs`, and
 * the opaque refs and tombstones a purge leaves in place of a purged memory's id and ops.
 *
 * @module
 */
import { canonicalJson } from "../util/canonical_json.ts";
import type { OpDraft } from "./kinds.ts";

/** Prefix of the `op_refs` entry that stands for a purged memory (see {@linkcode purgedRef}). */
export const PURGED_REF_PREFIX = "purged:";

/**
 * The opaque `op_refs` entry that replaces a purged memory's id in the refs of the ops that
 * touched it, and that the purge op itself lists: `purged:` and the change id of the
 * memory's `memory.put`. It says which ops the purge covered without the id's words.
 *
 * @example Usage
 * ```ts
 * import { purgedRef } from "./refs.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(purgedRef("ab12"), "purged:ab12");
 * ```
 */
export function purgedRef(putChangeId: string): string {
  return `${PURGED_REF_PREFIX}${putChangeId}`;
}

/**
 * The tombstone that replaces the payload of an op the purge `purgeChangeId` removed, as
 * canonical JSON.
 *
 * @example Usage
 * ```ts
 * import { tombstoneText } from "./refs.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(tombstoneText("ab12"), '{"purged":"ab12"}');
 * ```
 */
export function tombstoneText(purgeChangeId: string): string {
  return canonicalJson({ purged: purgeChangeId });
}

/**
 * Every memory and edge id an op touches (for history lookups); for a purge, the
 * {@linkcode purgedRef} of each memory it removes.
 */
export function refsOf(draft: OpDraft): string[] {
  switch (draft.kind) {
    case "edge.put":
    case "edge.remove":
      return [draft.payload.id, draft.payload.from, draft.payload.to];
    case "session.end":
      return [`session:${draft.payload.session}`];
    case "memory.purge":
      return draft.payload.puts.map(purgedRef);
    case "job.run":
      return [`run:${draft.payload.run}`];
    default:
      return [draft.payload.id];
  }
}
