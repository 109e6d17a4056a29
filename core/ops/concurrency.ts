/**
 * Concurrent edits of one memory (DESIGN §5, sync-protocol R25–R26). Each memory op names
 * the memory's head ops its writer had seen (`parents`), so the ops of a memory form a DAG;
 * the fold keeps each memory's current heads (`memory_heads`). An op that did not see every
 * head was made concurrently with the ones it missed, and is merged three-way against what its
 * writer saw (its parents' view, {@linkcode viewAt}) instead of overwriting them:
 *
 * - a field only one side changed takes that side's value;
 * - a scalar field both sides changed takes the value of the op later in fold order (causally
 *   later, else the `(hlc, device, change id)` tie-break), recorded as a settled conflict;
 * - content both sides changed is merged as text ({@linkcode merge3}); overlapping edits stay
 *   both, in a conflict block ordered by change id, and the conflict stays open until an edit
 *   removes the block.
 *
 * Two memories that both supersede one memory, each written without seeing the other, are
 * conflicting facts: the fold links them with a `contradicts` edge and lowers their
 * confidence, an open conflict until one of them leaves `active` or the edge is removed.
 *
 * Everything here is a function of the op set, so every replica that holds the same ops has
 * the same state (the merge laws of sync-protocol T3).
 *
 * @module
 */
import { contradictedConfidence } from "../model/types.ts";
import { parseHlc } from "../model/hlc.ts";
import { edgeId } from "../model/ids.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { canonicalJson, type JsonValue } from "../util/canonical_json.ts";
import { hasConflictBlock, merge3 } from "../text/merge3.ts";
import {
  isPurged,
  type Op,
  type OpPayloads,
  PATCH_FIELDS,
  type PatchField,
  type PatchFields,
} from "./op.ts";

/** A memory's fields as one writer saw them (`null` for an absent optional field). */
export type FieldState = { [K in PatchField]: JsonValue };

/** How a conflict was found: see the module documentation. */
export type ConflictKind = "text" | "field" | "fact";

/** A conflict the fold found. */
export interface ConflictRecord {
  /** The memory (for `fact`: the first of the two, by id). */
  readonly memory: string;
  /** The op whose fold found it. */
  readonly op: string;
  readonly kind: ConflictKind;
  /** The field (for `fact`: the other memory's id). */
  readonly field: string;
  /** The concurrent head ops it was merged with (for `fact`: the superseded memory). */
  readonly other: readonly string[];
  /** The op that settled it; null while it needs a person. */
  readonly resolvedOp: string | null;
}

/** The fields of a stored memory. */
export function fieldsOf(record: MemoryRecord): FieldState {
  return {
    content: record.content,
    type: record.type,
    scope: record.scope,
    status: record.status,
    importance: record.importance,
    confidence: record.confidence,
    tags: record.tags,
    attributes: record.attributes,
    validFrom: record.validFrom,
    validTo: record.validTo,
    eventAt: record.eventAt,
    eventEnd: record.eventEnd,
    eventPhrase: record.eventPhrase,
  };
}

/** The head ops of a memory, sorted: what a writer lists as `parents`. */
export function headsOf(store: Store, id: string): string[] {
  return (store.prepare("SELECT op FROM memory_heads WHERE memory = ? ORDER BY op").all(id) as {
    op: string;
  }[]).map((r) => r.op);
}

/**
 * Moves a memory's heads past `op`, made on `parents`, and returns the heads it had not
 * seen (empty unless it is concurrent with them). Empty `parents` (files written before
 * parents were kept) count as having seen everything.
 */
export function advanceHeads(
  store: Store,
  id: string,
  op: string,
  parents: readonly string[],
): string[] {
  const heads = headsOf(store, id);
  const unseen = parents.length === 0 ? [] : heads.filter((h) => !parents.includes(h));
  const remove = store.prepare("DELETE FROM memory_heads WHERE memory = ? AND op = ?");
  for (const head of heads) if (!unseen.includes(head)) remove.run(id, head);
  startHeads(store, id, op);
  return unseen;
}

/** Adds `op` to a memory's heads (alone, for the `memory.put` that creates it). */
export function startHeads(store: Store, id: string, op: string): void {
  store.prepare("INSERT OR IGNORE INTO memory_heads (memory, op) VALUES (?, ?)").run(id, op);
}

/** What merging a concurrent patch gives: the fields to write and the conflicts found. */
export interface MergedPatch {
  readonly set: PatchFields;
  readonly conflicts: readonly { field: PatchField; kind: "text" | "field" }[];
}

/**
 * Merges `set`, written on `base`, into `ours` (the memory as it stands, with the concurrent
 * edits its writer missed). `labels` name the two sides of a text conflict block: the missed
 * heads and the op.
 *
 * @example Usage
 * ```ts
 * import { mergePatch } from "./concurrency.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const base = { content: "Deploys run on Tuesdays from main.", type: "fact", scope: "global",
 *   status: "active", importance: 5, confidence: 0.9, tags: [], attributes: {}, validFrom: 0,
 *   validTo: null, eventAt: null, eventEnd: null, eventPhrase: null } as const;
 * const ours = { ...base, importance: 7 };
 * const merged = mergePatch(base, ours, { importance: 5, confidence: 0.5 }, ["a", "b"]);
 * deepEqual(merged.set, { confidence: 0.5 }); // importance: only ours changed it
 * ```
 */
export function mergePatch(
  base: Readonly<FieldState>,
  ours: Readonly<FieldState>,
  set: PatchFields,
  labels: readonly [ours: string, theirs: string],
): MergedPatch {
  const out: Record<string, unknown> = {};
  const conflicts: { field: PatchField; kind: "text" | "field" }[] = [];
  for (const field of PATCH_FIELDS) {
    if (!(field in set) || set[field] === undefined) continue;
    const theirs = (set[field] ?? null) as JsonValue;
    if (same(theirs, ours[field]) || same(theirs, base[field])) continue;
    if (same(ours[field], base[field])) {
      out[field] = set[field];
      continue;
    }
    if (field === "content") {
      const merged = merge3(
        String(base.content),
        { label: labels[0], text: String(ours.content) },
        {
          label: labels[1],
          text: String(theirs),
        },
      );
      out.content = merged.text;
      conflicts.push({ field, kind: merged.conflicts > 0 ? "text" : "field" });
    } else {
      out[field] = set[field];
      conflicts.push({ field, kind: "field" });
    }
  }
  return { set: out as PatchFields, conflicts };
}

function same(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  return canonicalJson(a ?? null) === canonicalJson(b ?? null);
}

interface MemoryOp {
  readonly changeId: string;
  readonly hlc: string;
  readonly deviceId: string;
  readonly kind: Op["kind"];
  readonly payload: Record<string, unknown>;
}

/**
 * The memory `id` as the writer of an op made on `parents` saw it: the fold of the memory's
 * ops that are ancestors of `parents` (inclusive), in fold order, with the same merge rules.
 * Null when none of them is here.
 */
export function viewAt(store: Store, id: string, parents: readonly string[]): FieldState | null {
  const ops = memoryOps(store, id);
  const memo = new Map<string, FieldState | null>();
  const view = (from: readonly string[]): FieldState | null => {
    const key = [...from].sort().join(",");
    if (memo.has(key)) return memo.get(key)!;
    const result = foldView(ancestors(ops, from), view);
    memo.set(key, result);
    return result;
  };
  return view(parents);
}

/** The ops of memory `id` that change its fields (not purged), by change id. */
function memoryOps(store: Store, id: string): Map<string, MemoryOp> {
  const ops = new Map<string, MemoryOp>();
  for (
    const row of store.prepareLog(
      `SELECT o.change_id AS changeId, o.hlc AS hlc, o.device_id AS deviceId, o.kind AS kind,
              o.payload AS payload
       FROM op_refs r JOIN ops o ON o.seqno = r.seqno
       WHERE r.ref = ? AND o.kind IN ('memory.put', 'memory.patch', 'memory.forget', 'memory.reinforce')`,
    ).all(id) as {
      changeId: string;
      hlc: string;
      deviceId: string;
      kind: Op["kind"];
      payload: string;
    }[]
  ) {
    const op = { ...row, payload: JSON.parse(row.payload) } as MemoryOp;
    if (!isPurged(op as unknown as Op)) ops.set(op.changeId, op);
  }
  return ops;
}

/** `from` and every op they descend from, in fold order. */
function ancestors(ops: ReadonlyMap<string, MemoryOp>, from: readonly string[]): MemoryOp[] {
  const seen = new Map<string, MemoryOp>();
  const stack = [...from];
  while (stack.length) {
    const op = ops.get(stack.pop()!);
    if (!op || seen.has(op.changeId)) continue;
    seen.set(op.changeId, op);
    stack.push(...parentsOf(op));
  }
  return [...seen.values()].sort((a, b) =>
    compare(a.hlc, b.hlc) || compare(a.deviceId, b.deviceId) || compare(a.changeId, b.changeId)
  );
}

function parentsOf(op: MemoryOp): string[] {
  const parents = op.payload.parents;
  return Array.isArray(parents) ? parents.filter((p) => typeof p === "string") : [];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Folds a memory's ops (an ancestor-closed set, in fold order) as the fold does. */
function foldView(
  ops: readonly MemoryOp[],
  view: (parents: readonly string[]) => FieldState | null,
): FieldState | null {
  let state: FieldState | null = null;
  let heads: string[] = [];
  for (const op of ops) {
    if (op.kind === "memory.put") {
      const p = op.payload as unknown as OpPayloads["memory.put"];
      state = {
        content: p.content,
        type: p.type,
        scope: p.scope,
        status: p.status,
        importance: p.importance,
        confidence: p.confidence,
        tags: p.tags,
        attributes: p.attributes,
        validFrom: p.validFrom,
        validTo: p.validTo ?? null,
        eventAt: p.eventAt ?? null,
        eventEnd: p.eventEnd ?? null,
        eventPhrase: p.eventPhrase ?? null,
      };
      heads = [op.changeId];
      continue;
    }
    if (state === null) continue;
    const parents = parentsOf(op);
    const unseen = parents.length === 0 ? [] : heads.filter((h) => !parents.includes(h));
    heads = [...unseen, op.changeId];
    const set = setOf(op);
    if (set === null) continue;
    const base = unseen.length ? view(parents) : null;
    const effective = base
      ? mergePatch(base, state, set, conflictLabels(unseen, op.changeId)).set
      : set;
    state = { ...state };
    for (const field of PATCH_FIELDS) {
      if (field in effective && effective[field] !== undefined) {
        state[field] = (effective[field] ?? null) as JsonValue;
      }
    }
  }
  return state;
}

/** The fields an op sets: a patch's, a forget's status; null for a reinforcement. */
export function setOf(op: { kind: Op["kind"]; payload: unknown }): PatchFields | null {
  if (op.kind === "memory.patch") return (op.payload as OpPayloads["memory.patch"]).set;
  if (op.kind === "memory.forget") return { status: "forgotten" };
  return null;
}

/** The two labels of a conflict block: the missed heads, and the op (short change ids). */
export function conflictLabels(unseen: readonly string[], op: string): [string, string] {
  return [[...unseen].sort().map((h) => h.slice(0, 12)).join("+"), op.slice(0, 12)];
}

/** Records a conflict (a settled one names the op that settled it). */
export function recordConflict(store: Store, conflict: ConflictRecord): void {
  store.prepare(
    `INSERT OR REPLACE INTO conflicts (memory, op, kind, field, other, resolved_op)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    conflict.memory,
    conflict.op,
    conflict.kind,
    conflict.field,
    JSON.stringify(conflict.other),
    conflict.resolvedOp,
  );
}

/**
 * Settles the open conflicts an op on memory `id` ended, given the memory's content and
 * status after it: a text conflict once the content no longer holds a conflict block; a
 * conflicting fact once either side is no longer active.
 */
export function settleConflicts(
  store: Store,
  id: string,
  op: string,
  after: { content: string; status: string },
): void {
  // Nearly every patch lands on a strand with nothing open: one indexed probe then.
  if (!store.prepare("SELECT 1 FROM conflicts WHERE resolved_op IS NULL LIMIT 1").get()) return;
  if (!hasConflictBlock(after.content)) {
    store.prepare(
      `UPDATE conflicts SET resolved_op = ? WHERE memory = ? AND kind = 'text' AND resolved_op IS NULL`,
    ).run(op, id);
  }
  if (after.status !== "active") {
    store.prepare(
      `UPDATE conflicts SET resolved_op = ?
       WHERE kind = 'fact' AND resolved_op IS NULL AND (memory = ? OR field = ?)`,
    ).run(op, id, id);
  }
}

/** Settles the conflicting fact a removed `contradicts` edge between `a` and `b` stood for. */
export function settleFact(store: Store, a: string, b: string, op: string): void {
  const [first, second] = a < b ? [a, b] : [b, a];
  store.prepare(
    `UPDATE conflicts SET resolved_op = ?
     WHERE kind = 'fact' AND resolved_op IS NULL AND memory = ? AND field = ?`,
  ).run(op, first, second);
}

/**
 * Two active memories that both supersede `superseded`, each written without seeing the
 * other's supersession, are conflicting facts: links each such pair with `contradicts`
 * (unless linked already), lowers both confidences and records an open `fact` conflict.
 * Returns the ids whose contradiction state changed. A writer that saw the other successor
 * (it superseded both, or added a successor on purpose) made no conflict.
 */
export function linkRivalSuccessors(
  store: Store,
  op: Op,
  successor: string,
  superseded: string,
  rev: number,
): string[] {
  if (store.memoryById(successor)?.status !== "active") return [];
  const active = (store.prepare(
    `SELECT e.from_id AS id FROM edges e JOIN memories m ON m.id = e.from_id
     WHERE e.to_id = ? AND e.relation = 'supersedes' AND e.status = 'active' AND e.from_id != ?
       AND m.status = 'active' ORDER BY e.from_id`,
  ).all(superseded, successor) as { id: string }[]).map((r) => r.id);
  if (active.length === 0) return [];
  const ours = supersedingPatch(store, superseded, op.deviceId, op.seq);
  const rivals = ours === null
    ? []
    : active.filter((rival) => concurrentSupersessions(store, superseded, ours, rival));
  const changed: string[] = [];
  for (const rival of rivals) {
    const [a, b] = rival < successor ? [rival, successor] : [successor, rival];
    const id = edgeId(a, "contradicts", b);
    const existing = store.edgeById(id) ?? store.edgeById(edgeId(b, "contradicts", a));
    if (existing?.status === "active") continue;
    if (existing) store.updateEdge(existing.id, { status: "active", headOp: op.changeId });
    else {
      store.putEdge({
        id,
        from: a,
        to: b,
        relation: "contradicts",
        weight: 1,
        status: "active",
        createdAt: parseHlc(op.hlc).wall,
        createdOp: op.changeId,
        headOp: op.changeId,
      });
    }
    store.insertProvenance({
      subject: id,
      op: op.changeId,
      origin: "agent-ingested",
      agent: null,
      ref: null,
      extractor: "merge",
      model: null,
      at: parseHlc(op.hlc).wall,
    });
    for (const side of [a, b]) {
      const memory = store.memoryById(side)!;
      store.updateMemory(side, { confidence: contradictedConfidence(memory.confidence) }, rev);
    }
    recordConflict(store, {
      memory: a,
      op: op.changeId,
      kind: "fact",
      field: b,
      other: [superseded],
      resolvedOp: null,
    });
    changed.push(a, b);
  }
  return changed;
}

/**
 * Whether a supersession of `superseded` whose patch of it is `ours` and the one by `rival`
 * were made concurrently: neither writer's patch of the superseded memory (written just
 * before its `supersedes` edge) descends from the other's. A supersession without such a
 * patch (an edge related by hand) counts as having seen the strand as it was.
 */
function concurrentSupersessions(
  store: Store,
  superseded: string,
  ours: string,
  rival: string,
): boolean {
  const edge = store.edgeById(edgeId(rival, "supersedes", superseded));
  const rivalOp = edge &&
    store.prepareLog("SELECT device_id AS device, seq FROM ops WHERE change_id = ?")
      .get(edge.createdOp) as { device: string; seq: number } | undefined;
  const theirs = rivalOp && supersedingPatch(store, superseded, rivalOp.device, rivalOp.seq);
  if (!theirs) return false;
  const ops = memoryOps(store, superseded);
  const seen = (by: string, what: string) => ancestors(ops, [by]).some((o) => o.changeId === what);
  return !seen(ours, theirs) && !seen(theirs, ours);
}

/**
 * The change id of the patch of `superseded` that the write path appends just before the
 * `supersedes` edge op number `seq` of `device`, or null when there is none.
 */
function supersedingPatch(
  store: Store,
  superseded: string,
  device: string,
  seq: number,
): string | null {
  const row = store.prepareLog(
    "SELECT change_id AS id, payload FROM ops WHERE device_id = ? AND seq = ? AND kind = 'memory.patch'",
  ).get(device, seq - 1) as { id: string; payload: string } | undefined;
  if (!row) return null;
  const payload = JSON.parse(row.payload) as { id?: unknown; set?: { status?: unknown } };
  return payload.id === superseded && payload.set?.status === "superseded" ? row.id : null;
}

/** The conflicts of the strand, open ones only unless `all`. */
export function listConflicts(store: Store, all = false): ConflictRecord[] {
  return (store.prepare(
    `SELECT memory, op, kind, field, other, resolved_op AS resolvedOp FROM conflicts
     ${all ? "" : "WHERE resolved_op IS NULL"} ORDER BY memory, op, field`,
  ).all() as {
    memory: string;
    op: string;
    kind: ConflictKind;
    field: string;
    other: string;
    resolvedOp: string | null;
  }[])
    .map((r) => ({ ...r, other: JSON.parse(r.other) as string[] }));
}
