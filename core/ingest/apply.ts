/**
 * A consolidation decision as ops, appended inside the write's transaction: `noop` reinforces
 * the existing memory with the new provenance, `update` patches its content, `add` and
 * `supersede` write a new memory with its vector and links. A `contradicts` link carries the
 * attribute and the values in its provenance (`ref`) and lowers the confidence of each side
 * once per open conflict: not again for a memory already contradicted on that attribute, and
 * never below the floor (`contradictedConfidence`).
 *
 * @module
 */
import { conflictRef, parseConflictRef } from "../compare/statements.ts";
import { HelixError } from "../errors.ts";
import { edgeId } from "../model/ids.ts";
import { contradictedConfidence } from "../model/types.ts";
import type { LogTransaction } from "../ops/log.ts";
import type { OpProvenance } from "../ops/payloads.ts";
import { opProvenance } from "../ops/provenance.ts";
import { storeVector } from "../ops/vector.ts";
import { appendWrite, type PlannedWrite } from "../ops/write_one.ts";
import { appendMentions } from "./mentions.ts";
import { mentionLinks } from "../extract/mention_links.ts";
import { openContradictionRefs } from "../store/queries/contradictions.ts";
import { headsOf } from "../store/queries/ops_heads.ts";
import type { Decision, Link } from "./consolidate.ts";
import type { IngestDeps } from "./deps.ts";
import type { Applied } from "./result.ts";

/** SM-2 quality of a duplicate write's reinforcement: the ease factor stays, the clock resets. */
const DUPLICATE_QUALITY = 4;

/** Appends the ops of `decision` for `planned` inside the write's transaction. */
export function applyDecision(
  deps: Pick<IngestDeps, "store" | "project">,
  tx: LogTransaction,
  planned: PlannedWrite & { scope: string },
  decision: Decision,
  vector: Float32Array | undefined,
): Applied {
  const provenance = opProvenance(planned.source, "verbatim");
  switch (decision.action) {
    case "noop": {
      const target = current(deps, decision.target);
      const op = tx.append({
        kind: "memory.reinforce",
        payload: {
          id: target.id,
          quality: DUPLICATE_QUALITY,
          parents: headsOf(deps.store, target.id),
          provenance,
        },
      });
      return {
        id: target.id,
        action: "noop",
        reason: decision.reason,
        embedded: false,
        superseded: [],
        links: [],
        op: op.changeId,
      };
    }
    case "update": {
      const target = current(deps, decision.target);
      const op = tx.append({
        kind: "memory.patch",
        payload: {
          id: target.id,
          set: {
            content: planned.content,
            importance: Math.max(target.importance, planned.importance ?? target.importance),
            confidence: Math.max(target.confidence, planned.confidence ?? target.confidence),
          },
          parents: headsOf(deps.store, target.id),
          reason: "refined",
          provenance,
        },
      });
      if (vector) storeVector(deps, tx, target.id, planned.content, vector);
      return {
        id: target.id,
        action: "updated",
        reason: decision.reason,
        embedded: vector !== undefined,
        superseded: [],
        links: [],
        op: op.changeId,
      };
    }
    case "supersede":
    case "add": {
      const contradicted = decision.links.filter((l) => l.relation === "contradicts");
      // Whether each old side is already in an open conflict on that attribute, seen before
      // the new edges fold.
      const lower = new Map(
        contradicted.map((l) => [l.id, !inConflictOn(deps, l.id, l.conflict?.attribute)]),
      );
      const confidence = planned.confidence ??
        (provenance.origin === "user-asserted" ? 0.9 : 0.7);
      const written = appendWrite(deps, tx, {
        ...planned,
        confidence: contradicted.length ? contradictedConfidence(confidence) : confidence,
        supersedes: decision.action === "supersede" && decision.targets.length
          ? retirable(deps, decision.targets, planned.validFrom ?? tx.now)
          : planned.supersedes,
      });
      if (vector) storeVector(deps, tx, written.id, planned.content, vector, true);
      for (const link of decision.links) {
        appendLink(deps, tx, written.id, link, provenance, lower.get(link.id) ?? false);
      }
      appendMentions(
        tx,
        mentionLinks(deps.store, {
          id: written.id,
          scope: planned.scope,
          type: planned.type ?? "fact",
          content: planned.content,
        }),
        provenance,
      );
      return {
        id: written.id,
        action: written.superseded.length ? "superseded" : "added",
        reason: decision.reason,
        embedded: vector !== undefined,
        superseded: written.superseded,
        links: decision.links,
        op: written.op,
      };
    }
  }
}

/** Whether memory `id` is in an open conflict on `attribute` already. */
function inConflictOn(deps: Pick<IngestDeps, "store">, id: string, attribute: string | undefined) {
  if (attribute === undefined) return false;
  return openContradictionRefs(deps.store, id).some((ref) =>
    parseConflictRef(ref)?.attribute === attribute
  );
}

/**
 * Links the new memory to an existing one. A contradiction names the attribute and values in
 * the edge's provenance and, when `lower`, lowers the old side's confidence.
 */
function appendLink(
  deps: Pick<IngestDeps, "store">,
  tx: LogTransaction,
  from: string,
  link: Link,
  provenance: OpProvenance,
  lower: boolean,
): void {
  tx.append({
    kind: "edge.put",
    payload: {
      id: edgeId(from, link.relation, link.id),
      from,
      to: link.id,
      relation: link.relation,
      weight: 1,
      provenance: link.conflict ? { ...provenance, ref: conflictRef(link.conflict) } : provenance,
    },
  });
  if (link.relation !== "contradicts" || !lower) return;
  const old = current(deps, link.id);
  const confidence = contradictedConfidence(old.confidence);
  if (confidence === old.confidence) return;
  tx.append({
    kind: "memory.patch",
    payload: {
      id: old.id,
      set: { confidence },
      parents: headsOf(deps.store, old.id),
      reason: "contradicted",
    },
  });
}

function current(deps: Pick<IngestDeps, "store">, id: string) {
  const record = deps.store.memoryById(id);
  if (!record) throw new HelixError("not_found", `Cannot write memory: ${id} vanished`);
  return record;
}

/**
 * The detected targets a write valid from `validFrom` may retire: a statement dated before a
 * memory became valid is about an earlier time, so it retires nothing (a `supersedes` the
 * writer names is still checked, and refused, by the write).
 */
function retirable(
  deps: Pick<IngestDeps, "store">,
  targets: readonly string[],
  validFrom: number,
): string[] {
  return targets.filter((id) => (deps.store.memoryById(id)?.validFrom ?? -Infinity) <= validFrom);
}
