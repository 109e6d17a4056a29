/**
 * A comparison of two states (`compare.ts`) as the typed diff readers get: memories added,
 * removed and changed (with their status transitions), purged memories by ref, edges added,
 * removed and reweighted, and the counts.
 *
 * @module
 */
import { type EdgeRecord, iso, type MemoryRecord } from "../store/records.ts";
import type { JsonValue } from "../util/canonical_json.ts";
import type { ComparedField, StateComparison } from "./compare.ts";
import type {
  EdgeChange,
  EdgeState,
  HistoryDiff,
  MemoryChange,
  MemoryPresence,
  MemoryState,
  StatusTransition,
} from "./diff_types.ts";
import type { HistoryPoint } from "./point.ts";

/** The typed diff of a comparison. */
export function toDiff(from: HistoryPoint, to: HistoryPoint, c: StateComparison): HistoryDiff {
  const added: MemoryPresence[] = [];
  const removed: MemoryPresence[] = [];
  const changed: MemoryChange[] = [];
  for (const pair of c.memories) {
    if (pair.before && pair.after) {
      const changes = pair.fields.map((field) => ({
        field,
        before: publicValue(pair.before!, field),
        after: publicValue(pair.after!, field),
      }));
      const transition = pair.before.status === pair.after.status
        ? null
        : pair.after.status === "active"
        ? "restored"
        : pair.after.status;
      changed.push({ id: pair.id, memory: memoryState(pair.after), transition, changes });
    } else if (pair.after) {
      added.push({ id: pair.id, memory: memoryState(pair.after), purged: null });
    } else if (pair.before) {
      removed.push({ id: pair.id, memory: memoryState(pair.before), purged: null });
    }
  }
  for (const p of c.purged) {
    (p.side === "after" ? added : removed).push({
      id: null,
      memory: null,
      purged: { ref: p.ref, by: p.purgedBy },
    });
  }
  const edgesAdded: EdgeState[] = [];
  const edgesRemoved: EdgeState[] = [];
  const edgesChanged: EdgeChange[] = [];
  for (const pair of c.edges) {
    if (pair.before && pair.after) {
      edgesChanged.push({
        edge: edgeState(pair.after),
        weight: { before: pair.before.weight, after: pair.after.weight },
      });
    } else if (pair.after) edgesAdded.push(edgeState(pair.after));
    else if (pair.before) edgesRemoved.push(edgeState(pair.before));
  }
  const moved = (t: StatusTransition) => changed.filter((m) => m.transition === t).length;
  return {
    from,
    to,
    memories: { added, removed, changed },
    edges: { added: edgesAdded, removed: edgesRemoved, changed: edgesChanged },
    counts: {
      added: added.length,
      removed: removed.length,
      changed: changed.filter((m) => m.transition === null).length,
      superseded: moved("superseded"),
      forgotten: moved("forgotten"),
      archived: moved("archived"),
      quarantined: moved("quarantined"),
      restored: moved("restored"),
      edgesAdded: edgesAdded.length,
      edgesRemoved: edgesRemoved.length,
      edgesChanged: edgesChanged.length,
    },
  };
}

const TIME_FIELDS = new Set<string>(["validFrom", "validTo", "eventAt", "eventEnd"]);

function publicValue(record: MemoryRecord, field: ComparedField): JsonValue {
  const value = record[field];
  if (TIME_FIELDS.has(field)) return value === null ? null : iso(value as number);
  return value as JsonValue;
}

function memoryState(r: MemoryRecord): MemoryState {
  return {
    id: r.id,
    type: r.type,
    content: r.content,
    scope: r.scope,
    status: r.status,
    importance: r.importance,
    confidence: r.confidence,
    tags: r.tags,
    attributes: r.attributes,
    validFrom: iso(r.validFrom),
    validTo: r.validTo === null ? null : iso(r.validTo),
    eventAt: r.eventAt === null ? null : iso(r.eventAt),
    eventEnd: r.eventEnd === null ? null : iso(r.eventEnd),
    eventPhrase: r.eventPhrase,
    recordedAt: iso(r.recordedAt),
  };
}

function edgeState(e: EdgeRecord): EdgeState {
  return { id: e.id, from: e.from, to: e.to, relation: e.relation, weight: e.weight };
}
