/**
 * What the rules capability needs: the project scope, the project's files for code anchors, and
 * the functions of other capabilities it calls (listing, bulk writes, patches, forgetting),
 * passed in by the facade rather than imported (capabilities never import each other).
 *
 * @module
 */
import type { PatchInput, WriteInput } from "../model/inputs.ts";
import type { Memory } from "../model/memory.ts";
import type { ListInput } from "../model/queries.ts";
import type { FileProbe } from "../ports.ts";

/** Everything the rules capability works with. */
export interface RulesDeps {
  /** The project scope rules are imported into and exported from; null outside a project. */
  readonly project: string | null;
  /** The project's files, for code anchors; null when the caller gives none. */
  readonly files: FileProbe | null;
  /** One page of memories (the memory capability's `list`). */
  readonly list: (input: ListInput) => {
    readonly items: readonly Memory[];
    readonly nextCursor: string | null;
  };
  /** Stores memories as given (the write capability's `writeMany`). */
  readonly writeMany: (
    inputs: readonly WriteInput[],
  ) => Promise<{ readonly ids: readonly string[] }>;
  /** Edits a memory (the memory capability's `patch`). */
  readonly patch: (id: string, changes: PatchInput) => Promise<Memory>;
  /** Forgets memories (the memory capability's `forget`). */
  readonly forget: (target: { ids: readonly string[] }) => Promise<unknown>;
}

/** Every memory of `input`'s filter, all pages. */
export function listAll(deps: Pick<RulesDeps, "list">, input: ListInput): Memory[] {
  const out: Memory[] = [];
  let cursor: string | undefined;
  do {
    const page = deps.list({ ...input, limit: 1000, ...(cursor ? { cursor } : {}) });
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}
