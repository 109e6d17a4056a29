/**
 * Listing memories by filter, newest first, in pages resumed by an opaque cursor. What a
 * listing shows is `store/visibility.ts`'s {@linkcode browseVisibility}.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { listInputSchema, parseInput } from "../model/input.ts";
import type { ListInput } from "../model/queries.ts";
import type { Memory } from "../model/memory.ts";
import { readScopes } from "../model/scope.ts";
import { listPage, type ListPosition } from "../store/queries/memories.ts";
import { publicMemory } from "../store/records.ts";
import { browseVisibility } from "../store/visibility.ts";
import type { MemoryDeps } from "./deps.ts";

/** A page of memories. */
export interface ListResult {
  /** The page's memories, newest first. */
  readonly items: readonly Memory[];
  /** Pass as `cursor` for the next page; null at the end. */
  readonly nextCursor: string | null;
}

/**
 * Memories by filter, newest first, paged. Defaults: the reader's scopes, active only, 50
 * a page, whatever their validity (with `asOf`, only those valid at that instant). Throws `invalid_input` for a bad filter or cursor.
 */
export function listMemories(
  deps: Pick<MemoryDeps, "store" | "project" | "session">,
  input: ListInput,
): ListResult {
  const { store } = deps;
  const parsed = parseInput(listInputSchema, input, "list memories");
  const visibility = browseVisibility(readScopes(deps, parsed.scope), {
    ...(parsed.statuses ? { statuses: parsed.statuses } : {}),
    ...(parsed.types ? { types: parsed.types } : {}),
    ...(parsed.asOf !== undefined ? { asOf: parsed.asOf } : {}),
  });
  const limit = parsed.limit ?? 50;
  const rows = listPage(store, visibility, {
    tag: parsed.tag,
    after: parsed.cursor ? decodeCursor(parsed.cursor) : undefined,
  }, limit + 1);
  const page = rows.slice(0, limit);
  const records = new Map(store.memoriesByRid(page.map((r) => r.rid)).map((r) => [r.rid, r]));
  const provenance = store.provenanceOf(page.map((r) => r.id));
  const last = page.at(-1);
  return {
    items: page.map((r) => publicMemory(records.get(r.rid)!, provenance.get(r.id) ?? [])),
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
  };
}

/**
 * The cursor that resumes a listing after `memory` (positions are a time and an id, the same in
 * every strand: a workspace resumes all of its strands with one).
 */
export function cursorAfter(memory: Pick<Memory, "recordedAt" | "id">): string {
  return encodeCursor({ at: Date.parse(memory.recordedAt), id: memory.id });
}

function encodeCursor(position: ListPosition): string {
  return btoa(JSON.stringify([position.at, position.id])).replaceAll("=", "");
}

function decodeCursor(cursor: string): ListPosition {
  try {
    const value = JSON.parse(atob(cursor));
    if (Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "string") {
      return { at: value[0], id: value[1] };
    }
  } catch {
    // fall through to the typed error
  }
  throw new HelixError(
    "invalid_input",
    "Cannot list memories: the cursor is not one this strand issued",
  );
}
