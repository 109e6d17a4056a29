/**
 * One-click undo of one op on one memory (docs/ui.md, "Undo"): the values the op replaced,
 * patched back as a new op, but only while the memory still holds what the op set (else
 * `conflict`: something changed it since). An undo of the op that created the memory forgets
 * it.
 *
 * The values an op replaced are the memory as the dashboard read it just before its own
 * change ({@linkcode undoHandle} keeps them), exact even where a merge made the memory
 * something no single op set; for other ops they are replayed from the memory's history.
 *
 * @module
 */
import { type Engine, HelixError, type JsonValue, type Memory, type PatchInput } from "@helix/core";
import {
  normalized,
  sameValue,
  VERSION_FIELDS,
  type VersionField,
  versionsOf,
} from "./versions.ts";

type Fields = Readonly<Record<VersionField, JsonValue>>;

/** The memory before each change the dashboard made, by change id (the newest few). */
const before = new WeakMap<Engine, Map<string, Fields>>();
const KEPT = 1_000;

function fieldsOf(memory: Memory): Fields {
  const record = memory as unknown as Record<string, unknown>;
  return Object.fromEntries(VERSION_FIELDS.map((f) => [f, normalized(f, record[f])])) as Fields;
}

/** The newest op on memory `id`, or null. */
export function newestChange(engine: Engine, id: string): string | null {
  return engine.history({ id, limit: 1 })[0]?.changeId ?? null;
}

/**
 * The undo handle of a change just made to memory `id`, which was `was` before it and whose
 * newest op was `prior`: null when the change appended nothing.
 */
export function undoHandle(
  engine: Engine,
  id: string,
  was: Memory,
  prior: string | null,
): { id: string; change: string } | null {
  const change = newestChange(engine, id);
  if (change === null || change === prior) return null;
  let kept = before.get(engine);
  if (!kept) before.set(engine, kept = new Map());
  kept.set(change, fieldsOf(was));
  if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
  return { id, change };
}

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
  const was = before.get(engine)?.get(change) ?? versions[at - 1]!.fields;
  const patch: Record<string, unknown> = {};
  for (const field of after.set) {
    if (!sameValue(was[field], after.fields[field])) patch[field] = was[field];
  }
  if (Object.keys(patch).length === 0) return current;
  return await engine.patch(id, patch as PatchInput);
}
