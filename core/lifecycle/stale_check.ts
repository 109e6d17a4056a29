/**
 * The staleness check over a strand: the active memories of the reader's project that cite
 * files are compared with the files as they are now (through the caller's {@linkcode FileProbe});
 * a changed or vanished file marks the memory stale and lowers its confidence, a file that
 * matches again clears the mark. Only the current project: anchors travel with memories to
 * other machines, whose checkouts may differ.
 *
 * @module
 */
import type { Runtime } from "../runtime.ts";
import { decodeMemoryRow, MEMORY_SELECT } from "../store/records.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { FileProbe } from "../ports.ts";
import {
  checkAnchors,
  findingsById,
  freshPatch,
  type StaleFinding,
  stalePatch,
} from "./staleness.ts";

/** A memory and the patch the check makes to it. */
export interface StalePlan {
  readonly id: string;
  readonly findings: readonly StaleFinding[];
  readonly set: Record<string, JsonValue>;
}

/** The patches a staleness check would make now (none when the caller has no project). */
export async function planStaleness(rt: Runtime, probe: FileProbe): Promise<StalePlan[]> {
  if (!rt.project) return [];
  const memories = (rt.store.prepare(
    `SELECT ${MEMORY_SELECT} FROM memories m
     WHERE m.scope = ? AND m.status = 'active' AND json_type(m.attributes, '$.anchors') = 'array'`,
  ).all(rt.project) as Record<string, unknown>[]).map(decodeMemoryRow);
  if (memories.length === 0) return [];
  const byId = findingsById(await checkAnchors(memories, probe));
  const now = rt.clock.now();
  return memories.flatMap((memory) => {
    const findings = byId.get(memory.id) ?? [];
    const patch = findings.length ? stalePatch(memory, findings, now) : freshPatch(memory, []);
    return patch ? [{ id: memory.id, findings, set: patch as Record<string, JsonValue> }] : [];
  });
}
