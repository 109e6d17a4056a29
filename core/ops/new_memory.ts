/**
 * What a new memory gets when its writer leaves it out: a free id, and a default scope.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { memoryIdCandidates } from "../model/ids.ts";
import type { MemoryType } from "../model/types.ts";
import type { Store } from "../store/store.ts";
import { randomHex } from "../util/hash.ts";

const TYPES_GLOBAL_BY_DEFAULT: ReadonlySet<MemoryType> = new Set(["identity", "preference"]);

/** Where a memory goes when the writer names no scope: identity and preferences are global, the rest belongs to the project. */
export function defaultScope(
  deps: { readonly project: string | null },
  type: MemoryType,
): string {
  if (TYPES_GLOBAL_BY_DEFAULT.has(type)) return "global";
  return deps.project ?? "global";
}

/** `id` when no memory has it, else `conflict`. */
export function freeId(store: Store, id: string): string {
  if (store.ridOf(id) === undefined) return id;
  throw new HelixError("conflict", `Cannot write memory: a memory with id "${id}" already exists`, {
    details: { id },
  });
}

/** A free id for a new memory of `type` with `content` (a slug of its first words). */
export function pickId(store: Store, content: string, type: string): string {
  const candidates = memoryIdCandidates(content, type, `${content}\u0000${randomHex(8)}`);
  for (const id of candidates) {
    if (store.ridOf(id) === undefined) return id;
  }
  throw new HelixError("conflict", "Cannot write memory: could not find a free id (retry)");
}
