/**
 * The fold: how each op changes the tables. Pure with respect to the op and the current
 * rows (no clock, no randomness), so folding the same ops in the same canonical order always
 * yields the same tables — what `rebuild()` and `stateHash()` prove.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import {
  COGNITIVE_SHAPE,
  CONTRADICTED_HALF_LIFE_MS,
  DEFAULT_EF,
  DEFAULT_HALF_LIFE_MS,
} from "../model/types.ts";
import type { MemoryFields, MemoryRecord } from "../store/records.ts";
import { ftsKey } from "../store/keyword.ts";
import { IN_LIST, type Store } from "../store/store.ts";
import { sha256Hex } from "../util/hash.ts";
import { parseHlc } from "../model/hlc.ts";
import {
  isPurged,
  type Op,
  type OpPayloads,
  type OpProvenance,
  type PatchFields,
  purgedRef,
  tombstoneText,
} from "./op.ts";
import {
  advanceHeads,
  conflictLabels,
  fieldsOf,
  linkRivalSuccessors,
  mergePatch,
  recordConflict,
  settleConflicts,
  settleFact,
  startHeads,
  viewAt,
} from "./concurrency.ts";

/**
 * Applies `op` to the tables. `rev` is the transaction's change counter. A purged op (its
 * payload a tombstone) changes nothing: the purge that emptied it removed what it did.
 */
export function applyOp(store: Store, op: Op, rev: number): void {
  if (isPurged(op)) return;
  switch (op.kind) {
    case "memory.put":
      return putMemory(store, op, op.payload, rev);
    case "memory.patch":
      patchMemory(store, op, op.payload.id, op.payload.set, op.payload.parents, rev);
      if (op.payload.provenance) {
        addProvenance(store, op.payload.id, op, op.payload.provenance, parseHlc(op.hlc).wall);
      }
      return;
    case "memory.forget":
      return patchMemory(
        store,
        op,
        op.payload.id,
        { status: "forgotten" },
        op.payload.parents,
        rev,
      );
    case "memory.reinforce":
      return reinforceMemory(store, op, op.payload, rev);
    case "edge.put":
      return putEdge(store, op, op.payload, rev);
    case "edge.remove":
      return removeEdge(store, op, op.payload, rev);
    case "session.end":
      return endSession(store, op, op.payload);
    case "memory.purge":
      return purgeMemories(store, op, op.payload, rev);
    case "job.run":
      return; // a record of the ops it lists, which fold themselves
  }
}

/**
 * Hard deletion: removes the memories the named `memory.put` ops created, where they exist
 * (rows, index entries, vectors, provenance, every edge touching them), then scrubs the log
 * (see {@linkcode scrubLog}). The memories are found by `created_op`, a logical column every
 * device folds alike, so the op folds the same wherever it lands. Memories already gone (or
 * never here) are skipped, so a strand that never had them and a refold are unchanged.
 */
function purgeMemories(store: Store, op: Op, p: OpPayloads["memory.purge"], rev: number): void {
  const found = store.prepare(
    `SELECT id, created_op AS put FROM memories WHERE created_op IN ${IN_LIST} ORDER BY id`,
  ).all(JSON.stringify(p.puts)) as { id: string; put: string }[];
  if (found.length === 0) return;
  const ids = found.map((m) => m.id);
  const edges = store.edgeIdsTouching(ids);
  // The far ends of the contradictions that go: a refold never sees those edges (their ops
  // are tombstoned), so their decay must be as if the edges had never been.
  const contradicted = store.prepare(
    `SELECT from_id AS a, to_id AS b FROM edges WHERE relation = 'contradicts' AND id IN ${IN_LIST}`,
  ).all(JSON.stringify(edges)) as { a: string; b: string }[];
  // A conflicting fact the fold derived with a purged memory would not be there on a refold,
  // nor the confidence it lowered: only a refold takes it back.
  const list = JSON.stringify(ids);
  if (
    store.prepare(
      `SELECT 1 FROM conflicts WHERE kind = 'fact' AND (memory IN ${IN_LIST} OR field IN ${IN_LIST})`,
    ).get(list, list)
  ) store.requestRefold();
  store.purgeMemories(ids);
  scrubLog(store, op, found, edges);
  const others = contradicted.flatMap(({ a, b }) => [a, b]).filter((id) => !ids.includes(id));
  contradictionDecay(store, [...new Set(others)].sort(), rev);
}

/**
 * Removes the purged memories from the log: every op before the purge in fold order whose
 * `op_refs` name one of them gets the purge's tombstone as payload (one tombstoned by an
 * earlier purge keeps that one), its `op_refs` entry for the memory becomes the memory's
 * {@linkcode purgedRef}, and `op_refs` entries naming the removed edges go (an edge id hashes
 * its ends' ids, so it would confirm a guessed id).
 */
function scrubLog(
  store: Store,
  op: Op,
  purged: readonly { id: string; put: string }[],
  edges: readonly string[],
): void {
  const refs = store.prepare(
    `SELECT r.seqno AS seqno, r.ref AS ref FROM op_refs r JOIN ops o ON o.seqno = r.seqno
     WHERE r.ref IN ${IN_LIST} AND o.kind != 'memory.purge'
       AND (o.hlc, o.device_id, o.change_id) < (?, ?, ?)`,
  ).all(JSON.stringify(purged.map((m) => m.id)), op.hlc, op.deviceId, op.changeId) as {
    seqno: number;
    ref: string;
  }[];
  if (refs.length > 0) {
    const seqnos = JSON.stringify(refs.map((r) => r.seqno));
    // A conflicting fact the fold derived from an op going now would not be there on a
    // refold; only a refold can take it back (its confidence effects included).
    if (
      store.prepare(
        `SELECT 1 FROM conflicts WHERE kind = 'fact' AND op IN
         (SELECT change_id FROM ops WHERE seqno IN ${IN_LIST}) LIMIT 1`,
      ).get(seqnos)
    ) store.requestRefold();
    store.prepare(
      `UPDATE ops SET payload = ?
       WHERE seqno IN ${IN_LIST} AND json_extract(payload, '$.purged') IS NULL`,
    ).run(tombstoneText(op.changeId), seqnos);
    const rename = store.prepare("UPDATE op_refs SET ref = ? WHERE ref = ? AND seqno = ?");
    const tokens = new Map(purged.map((m) => [m.id, purgedRef(m.put)]));
    for (const { seqno, ref } of refs) rename.run(tokens.get(ref)!, ref, seqno);
  }
  if (edges.length > 0) {
    store.prepare(`DELETE FROM op_refs WHERE ref IN ${IN_LIST}`).run(JSON.stringify(edges));
  }
}

/**
 * SM-2 on recall feedback (DESIGN §8): `EF' = max(1.3, EF + 0.1 − (5−q)(0.08 + (5−q)·0.02))`.
 * A successful recall (q ≥ 3) resets the decay clock and multiplies the half-life by EF';
 * an unsuccessful one only lowers EF.
 */
export function nextEasiness(ef: number, quality: number): number {
  const miss = 5 - quality;
  return Math.max(1.3, ef + 0.1 - miss * (0.08 + miss * 0.02));
}

function reinforceMemory(
  store: Store,
  op: Op,
  p: OpPayloads["memory.reinforce"],
  rev: number,
): void {
  const current = requireMemory(store, op, p.id);
  advanceHeads(store, p.id, op.changeId, p.parents);
  const ef = nextEasiness(current.ef, p.quality);
  const fields: MemoryFields = { ef, headOp: op.changeId, updatedHlc: op.hlc };
  if (p.quality >= 3) {
    fields.lastAccessAt = parseHlc(op.hlc).wall;
    fields.accessCount = current.accessCount + 1;
    if (current.halfLifeMs !== null) fields.halfLifeMs = current.halfLifeMs * ef;
  }
  store.updateMemory(p.id, fields, rev);
  if (p.provenance) addProvenance(store, p.id, op, p.provenance, parseHlc(op.hlc).wall);
}

function endSession(store: Store, op: Op, p: OpPayloads["session.end"]): void {
  store.prepare(
    `INSERT INTO sessions (id, project, client, started_at, ended_at, op) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET project = excluded.project, client = excluded.client,
       started_at = min(started_at, excluded.started_at), ended_at = excluded.ended_at, op = excluded.op`,
  ).run(p.session, p.project ?? null, p.client ?? null, p.startedAt, p.endedAt, op.changeId);
}

function putMemory(store: Store, op: Op, p: OpPayloads["memory.put"], rev: number): void {
  if (store.ridOf(p.id) !== undefined) {
    throw new HelixError(
      "conflict",
      `Cannot apply op ${op.changeId}: memory ${p.id} already exists`,
    );
  }
  const cognitive = COGNITIVE_SHAPE[p.type];
  const record: Omit<MemoryRecord, "rid"> = {
    id: p.id,
    type: p.type,
    cognitive,
    content: p.content,
    contentHash: sha256Hex(p.content),
    scope: p.scope,
    status: p.status,
    importance: p.importance,
    confidence: p.confidence,
    tags: p.tags,
    attributes: p.attributes,
    validFrom: p.validFrom,
    validTo: p.validTo ?? null,
    recordedAt: p.recordedAt,
    eventAt: p.eventAt ?? null,
    eventEnd: p.eventEnd ?? null,
    eventPhrase: p.eventPhrase ?? null,
    lastAccessAt: p.recordedAt,
    accessCount: 0,
    ef: DEFAULT_EF,
    halfLifeMs: DEFAULT_HALF_LIFE_MS[cognitive],
    createdOp: op.changeId,
    headOp: op.changeId,
    updatedHlc: op.hlc,
    ftsKey: ftsKey(p.scope, p.status, p.type),
  };
  store.insertMemory(record, rev);
  startHeads(store, p.id, op.changeId);
  addProvenance(store, p.id, op, p.provenance, p.recordedAt);
}

/**
 * Applies the fields a patch (or a forget: `status`) sets. One made concurrently with heads
 * its writer had not seen is first merged three-way against what the writer saw
 * (`concurrency.ts`), and the conflicts found are recorded.
 */
function patchMemory(
  store: Store,
  op: Op,
  id: string,
  requested: PatchFields,
  parents: readonly string[],
  rev: number,
): void {
  const current = requireMemory(store, op, id);
  const unseen = advanceHeads(store, id, op.changeId, parents);
  let set = requested;
  if (unseen.length > 0) {
    const base = viewAt(store, id, parents) ?? fieldsOf(current);
    const merged = mergePatch(
      base,
      fieldsOf(current),
      requested,
      conflictLabels(unseen, op.changeId),
    );
    set = merged.set;
    for (const { field, kind } of merged.conflicts) {
      recordConflict(store, {
        memory: id,
        op: op.changeId,
        kind,
        field,
        other: unseen,
        resolvedOp: kind === "text" ? null : op.changeId,
      });
    }
  }
  const fields: MemoryFields = { headOp: op.changeId, updatedHlc: op.hlc };
  if (set.content !== undefined && set.content !== current.content) {
    fields.content = set.content;
    fields.contentHash = sha256Hex(set.content);
  }
  if (set.type !== undefined && set.type !== current.type) {
    fields.type = set.type;
    fields.cognitive = COGNITIVE_SHAPE[set.type];
    fields.halfLifeMs = DEFAULT_HALF_LIFE_MS[fields.cognitive];
  }
  if (set.scope !== undefined) fields.scope = set.scope;
  if (set.status !== undefined) fields.status = set.status;
  if (set.importance !== undefined) fields.importance = set.importance;
  if (set.confidence !== undefined) fields.confidence = set.confidence;
  if (set.tags !== undefined) fields.tags = set.tags;
  if (set.attributes !== undefined) fields.attributes = set.attributes;
  if (set.validFrom !== undefined) fields.validFrom = set.validFrom;
  if (set.validTo !== undefined) fields.validTo = set.validTo;
  if (set.eventAt !== undefined) fields.eventAt = set.eventAt;
  if (set.eventEnd !== undefined) fields.eventEnd = set.eventEnd;
  if (set.eventPhrase !== undefined) fields.eventPhrase = set.eventPhrase;
  if (fields.scope !== undefined || fields.status !== undefined || fields.type !== undefined) {
    fields.ftsKey = ftsKey(
      fields.scope ?? current.scope,
      fields.status ?? current.status,
      fields.type ?? current.type,
    );
  }
  store.updateMemory(id, fields, rev);
  // A vector computed from the old content stays in the cache but no longer matches the
  // memory's content hash, so search ignores it until it is re-embedded.
  if (fields.content !== undefined) store.replaceTokens(current.rid, fields.content);
  settleConflicts(store, id, op.changeId, {
    content: fields.content ?? current.content,
    status: fields.status ?? current.status,
  });
}

function putEdge(store: Store, op: Op, p: OpPayloads["edge.put"], rev: number): void {
  const existing = store.edgeById(p.id);
  if (existing) {
    store.updateEdge(p.id, { weight: p.weight, status: "active", headOp: op.changeId });
  } else {
    requireMemory(store, op, p.from);
    requireMemory(store, op, p.to);
    store.putEdge({
      id: p.id,
      from: p.from,
      to: p.to,
      relation: p.relation,
      weight: p.weight,
      status: "active",
      createdAt: parseHlc(op.hlc).wall,
      createdOp: op.changeId,
      headOp: op.changeId,
    });
  }
  addProvenance(store, p.id, op, p.provenance, parseHlc(op.hlc).wall);
  if (p.relation === "contradicts") contradictionDecay(store, [p.from, p.to], rev);
  if (p.relation === "supersedes") {
    contradictionDecay(store, linkRivalSuccessors(store, op, p.from, p.to, rev), rev);
  }
}

function removeEdge(store: Store, op: Op, p: OpPayloads["edge.remove"], rev: number): void {
  const edge = store.edgeById(p.id);
  if (!edge) {
    throw new HelixError("not_found", `Cannot apply op ${op.changeId}: no edge ${p.id}`);
  }
  store.updateEdge(p.id, { status: "removed", headOp: op.changeId });
  if (edge.relation === "contradicts") {
    contradictionDecay(store, [edge.from, edge.to], rev);
    settleFact(store, edge.from, edge.to, op.changeId);
  }
}

/**
 * A semantic memory does not decay until it is contradicted (DESIGN §8): while an active
 * `contradicts` edge touches it, it decays with {@linkcode CONTRADICTED_HALF_LIFE_MS} (grown
 * by any later reinforcement); once none does, it stops decaying again.
 */
function contradictionDecay(store: Store, ids: readonly string[], rev: number): void {
  for (const id of ids) {
    const memory = store.memoryById(id);
    if (!memory || DEFAULT_HALF_LIFE_MS[memory.cognitive] !== null) continue;
    const contradicted = store.prepare(
      `SELECT 1 FROM edges WHERE relation = 'contradicts' AND status = 'active'
       AND (from_id = ? OR to_id = ?) LIMIT 1`,
    ).get(id, id) !== undefined;
    const halfLifeMs = contradicted ? memory.halfLifeMs ?? CONTRADICTED_HALF_LIFE_MS : null;
    if (halfLifeMs !== memory.halfLifeMs) store.updateMemory(id, { halfLifeMs }, rev);
  }
}

function requireMemory(store: Store, op: Op, id: string): MemoryRecord {
  const record = store.memoryById(id);
  if (!record) throw new HelixError("not_found", `Cannot apply op ${op.changeId}: no memory ${id}`);
  return record;
}

function addProvenance(store: Store, subject: string, op: Op, p: OpProvenance, at: number): void {
  store.insertProvenance({
    subject,
    op: op.changeId,
    origin: p.origin,
    agent: p.agent ?? null,
    ref: p.ref ?? null,
    extractor: p.extractor ?? null,
    model: p.model ?? null,
    at,
  });
}
