/**
 * One-click undo of one op on one memory (docs/ui.md, "Undo"): the values the op replaced,
 * read from the memory's own history, patched back as a new op, but only while the memory
 * still holds what the op set (else `conflict`: something changed it since). An undo of the
 * op that created the memory forgets it.
 *
 * @module
 */
import { type Engine, HelixError, type JsonValue, type Memory, type PatchInput } from "@helix/core";
import { normalized, sameValue, type VersionField, versionsOf } from "./versions.ts";

/** Reverses `change` on memory `id`; returns the memory after the undo. */
export async function undoChange(engine: Engine, id: string, change: string): Promise<Memory> {
  if (id === "" || change === "") {
    throw new HelixError("invalid_input", "Cannot undo: name the memory and the change");
  }
  const versions = versionsOf(engine.history({ id, limit: 10_000 }));
  const at = versions.findIndex((v) => v.change === change);
  if (at < 0) throw new HelixError("not_found", `Cannot undo: no change ${change} on ${id}`);
  const after = versions[at]!;
  const current = engine.get(id);
  const held = (field: VersionField, value: JsonValue) =>
    sameValue(normalized(field, (current as unknown as Record<string, unknown>)[field]), value);
  const moved = after.set.filter((f) => !held(f, after.fields[f]));
  if (moved.length > 0) {
    throw new HelixError(
      "conflict",
      `Cannot undo: ${moved.join(", ")} of ${id} changed since; open its history to compare`,
      { details: { fields: moved } },
    );
  }
  if (at === 0) {
    await engine.forget({ id });
    return engine.get(id);
  }
  const before = versions[at - 1]!.fields;
  const patch: Record<string, unknown> = {};
  for (const field of after.set) {
    if (!sameValue(before[field], after.fields[field])) patch[field] = before[field];
  }
  if (Object.keys(patch).length === 0) return current;
  return await engine.patch(id, patch as PatchInput);
}
