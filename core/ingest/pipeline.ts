/**
 * One write through the whole write path (DESIGN §6): validate → redact → poisoning guard →
 * importance → embed → consolidate → store, the ops of the outcome appended in one
 * transaction. The caller's content stays verbatim apart from redacted secrets; extraction
 * (which may rewrite and split text) happens before, in `note.ts`.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId } from "../model/ids.ts";
import {
  MAX_ATTRIBUTES_LENGTH,
  parseInput,
  type WriteInput,
  writeInputSchema,
} from "../model/input.ts";
import type { Memory } from "../model/memory.ts";
import { contradictedConfidence, type MemoryType } from "../model/types.ts";
import { anchorsFor } from "../extract/anchors.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import type { LogTransaction } from "../ops/log.ts";
import type { OpProvenance } from "../ops/op.ts";
import { embedDocuments } from "../embed/policy.ts";
import type { Runtime } from "../runtime.ts";
import { publicMemory } from "../store/records.ts";
import type { Candidate, CandidateLink } from "../model/candidate.ts";
import { decide, type Decision, type Link } from "./consolidate.ts";
import type { Neighbour } from "../store/neighbours.ts";
import type { LlmExtractor } from "../llm/extractor.ts";
import { scanInjection } from "../guard/injection.ts";
import { neighboursOf } from "../store/neighbours.ts";
import type { RedactionCount } from "../redact/redact.ts";
import { redactWrite } from "../redact/write.ts";
import {
  appendWrite,
  defaultScope,
  opProvenance,
  type PlannedWrite,
  storeVector,
} from "../ops/write.ts";
import { headsOf } from "../ops/concurrency.ts";

/**
 * What a write did: `added` a new memory, `superseded` older ones with a new memory,
 * `updated` an existing memory with a refined version, or `noop` (an equivalent memory
 * exists; it was reinforced and got the new source).
 */
export type WriteAction = "added" | "superseded" | "updated" | "noop";

/** The outcome of a write. */
export interface WriteResult {
  /** Id of the memory that now holds the content (the existing one for `noop`/`updated`). */
  readonly id: string;
  /** What happened. */
  readonly action: WriteAction;
  /** Why consolidation decided so. */
  readonly reason: string;
  /** The memory as stored. */
  readonly memory: Memory;
  /** Whether a vector was stored with it (false: backfilled once the model is available). */
  readonly embedded: boolean;
  /** Ids this write superseded. */
  readonly superseded: readonly string[];
  /** Links made to existing memories (`contradicts` ones are flags; see `engine.flags()`). */
  readonly links: readonly Link[];
  /** Secrets replaced by placeholders before anything was stored, by type. */
  readonly redacted: readonly RedactionCount[];
  /** Why the poisoning guard quarantined it (empty when it did not). */
  readonly quarantine: readonly string[];
  /** `change_id` of the op that recorded it. */
  readonly op: string;
}

/** Options of {@linkcode writeMemory}. */
export interface WriteOptions {
  /** An extractor's proposed link to an existing memory (`note` passes it). */
  readonly link?: { readonly id: string; readonly relation: CandidateLink } | undefined;
  /** A vector the caller already computed, used when the write's content is that text. */
  readonly embedded?: { readonly content: string; readonly vector: Float32Array } | undefined;
  /** Entities, steps and triggers an extractor found (rate importance; kept in attributes). */
  readonly candidate?:
    | Pick<Candidate, "entities" | "steps" | "triggers" | "importance">
    | undefined;
}

/** SM-2 quality of a duplicate write's reinforcement: the ease factor stays, the clock resets. */
const DUPLICATE_QUALITY = 4;

/** Writes one memory through the write path and returns what happened. */
export async function writeMemory(
  rt: Runtime,
  input: WriteInput,
  options: WriteOptions = {},
): Promise<WriteResult> {
  const { write: parsed, redacted } = redactWrite(
    parseInput(writeInputSchema, input, "write memory"),
  );
  const origin = parsed.source?.origin ?? "agent-ingested";
  const scan = origin === "agent-ingested" ? scanInjection(parsed.content) : null;
  const quarantine = scan?.suspicious ? scan.signals.map((s) => `${s.kind}: ${s.excerpt}`) : [];
  const quarantined = parsed.status === "quarantined" || quarantine.length > 0;
  const type = parsed.type ?? "fact";
  const rated = parsed.importance ?? options.candidate?.importance;
  const planned: PlannedWrite = {
    ...parsed,
    type,
    status: quarantined ? "quarantined" : "active",
    // A heuristic rating is marked so the worker may ask a model later (job `importance`).
    ...(rated === undefined
      ? { attributes: { ...parsed.attributes, importanceBy: "heuristic" } }
      : {}),
    importance: rated ??
      rt.importance.importance({
        content: parsed.content,
        type,
        ...(options.candidate?.entities ? { entities: options.candidate.entities } : {}),
        ...(options.candidate?.steps ? { steps: options.candidate.steps } : {}),
        ...(options.candidate?.triggers ? { triggers: options.candidate.triggers } : {}),
      }),
    // A quarantined memory may not override anything on its own.
    supersedes: quarantined ? [] : parsed.supersedes,
  };
  const anchored = await withAnchors(rt, planned);
  const [vector] = options.embedded?.content === planned.content
    ? [options.embedded.vector]
    : (await embedDocuments(rt, [planned.content])) ?? [];

  const scope = planned.scope ?? defaultScope(rt, type);
  const neighbours = planned.supersedes?.length
    ? []
    : neighboursOf(rt, planned.content, scope, vector, rt.clock.now());
  let decision: Decision = planned.supersedes?.length
    ? { action: "supersede", targets: [], links: [], reason: "the writer named what it replaces" }
    : decide(
      {
        content: planned.content,
        type,
        typed: parsed.type !== undefined,
        quarantined,
        ...(options.link ? { link: options.link } : {}),
      },
      neighbours,
    );
  if (decision.action === "add" && decision.uncertain && rt.llm) {
    decision = await adjudicated(rt.llm, { content: planned.content, type }, neighbours, decision);
  }
  const outcome = rt.log.transact(
    "write memory",
    (tx) => apply(rt, tx, { ...anchored, scope }, stillValid(rt, decision), vector),
  );
  const record = rt.store.memoryById(outcome.id)!;
  return {
    ...outcome,
    memory: publicMemory(record, rt.store.provenanceOf([outcome.id]).get(outcome.id) ?? []),
    redacted,
    quarantine,
  };
}

type Applied = Pick<
  WriteResult,
  "id" | "action" | "reason" | "embedded" | "superseded" | "links" | "op"
>;

/**
 * The write with `attributes.anchors` (path, hash, commit) for the project files its content
 * cites, when the engine has the project's files and the writer set no anchors itself.
 */
async function withAnchors(rt: Runtime, write: PlannedWrite): Promise<PlannedWrite> {
  if (!rt.files || write.attributes?.anchors !== undefined) return write;
  const anchors = await anchorsFor(write.content, rt.files);
  if (anchors.length === 0) return write;
  const attributes = { ...write.attributes, anchors: anchors.map((a) => ({ ...a })) };
  if (canonicalJson(attributes).length > MAX_ATTRIBUTES_LENGTH) return write;
  return { ...write, attributes };
}

/**
 * The model's call on a grey-band add: a same-subject neighbour the thresholds could not
 * place. Its answer must name a neighbour it was shown; anything else keeps the add.
 */
async function adjudicated(
  llm: LlmExtractor,
  candidate: { content: string; type: MemoryType },
  neighbours: readonly Neighbour[],
  fallback: Decision,
): Promise<Decision> {
  const active = neighbours.filter((n) => n.status === "active");
  const answer = await llm.adjudicate(
    candidate,
    active.map((n) => ({ id: n.id, type: n.type, content: n.content })),
  );
  if (!answer || answer.action === "add") return fallback;
  const target = active.find((n) => n.id === answer.target);
  if (!target) return fallback;
  const reason = `the model judged: ${answer.reason}`;
  switch (answer.action) {
    case "noop":
    case "update":
      return { action: answer.action, target: target.id, reason };
    case "supersede":
      return { action: "supersede", targets: [target.id], links: [], reason };
  }
}

/**
 * The decision, if every memory it changes is still active (another process may have
 * forgotten one since it was made); otherwise a plain add.
 */
function stillValid(rt: Runtime, decision: Decision): Decision {
  const targets = decision.action === "noop" || decision.action === "update"
    ? [decision.target]
    : decision.action === "supersede"
    ? decision.targets
    : [];
  const links = decision.action === "add" || decision.action === "supersede" ? decision.links : [];
  const ids = [...targets, ...links.map((l) => l.id)];
  if (ids.every((id) => rt.store.memoryById(id)?.status === "active")) return decision;
  return { action: "add", links: [], reason: "the memories it matched changed meanwhile" };
}

/** Appends the ops of a consolidation decision inside the write's transaction. */
function apply(
  rt: Runtime,
  tx: LogTransaction,
  planned: PlannedWrite & { scope: string },
  decision: Decision,
  vector: Float32Array | undefined,
): Applied {
  const provenance = opProvenance(planned.source, "verbatim");
  switch (decision.action) {
    case "noop": {
      const target = current(rt, decision.target);
      const op = tx.append({
        kind: "memory.reinforce",
        payload: {
          id: target.id,
          quality: DUPLICATE_QUALITY,
          parents: headsOf(rt.store, target.id),
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
      const target = current(rt, decision.target);
      const op = tx.append({
        kind: "memory.patch",
        payload: {
          id: target.id,
          set: {
            content: planned.content,
            importance: Math.max(target.importance, planned.importance ?? target.importance),
            confidence: Math.max(target.confidence, planned.confidence ?? target.confidence),
          },
          parents: headsOf(rt.store, target.id),
          reason: "refined",
          provenance,
        },
      });
      if (vector) storeVector(rt, tx, target.id, planned.content, vector);
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
      const confidence = planned.confidence ??
        (provenance.origin === "user-asserted" ? 0.9 : 0.7);
      const written = appendWrite(rt, tx, {
        ...planned,
        confidence: contradicted.length ? contradictedConfidence(confidence) : confidence,
        supersedes: decision.action === "supersede" && decision.targets.length
          ? [...decision.targets]
          : planned.supersedes,
      });
      if (vector) storeVector(rt, tx, written.id, planned.content, vector, true);
      for (const link of decision.links) appendLink(rt, tx, written.id, link, provenance);
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

/** Links the new memory to an existing one; a contradiction also lowers the old side's confidence. */
function appendLink(
  rt: Runtime,
  tx: LogTransaction,
  from: string,
  link: Link,
  provenance: OpProvenance,
): void {
  tx.append({
    kind: "edge.put",
    payload: {
      id: edgeId(from, link.relation, link.id),
      from,
      to: link.id,
      relation: link.relation,
      weight: 1,
      provenance,
    },
  });
  if (link.relation !== "contradicts") return;
  const old = current(rt, link.id);
  tx.append({
    kind: "memory.patch",
    payload: {
      id: old.id,
      set: { confidence: contradictedConfidence(old.confidence) },
      parents: headsOf(rt.store, old.id),
      reason: "contradicted",
    },
  });
}

function current(rt: Runtime, id: string) {
  const record = rt.store.memoryById(id);
  if (!record) throw new HelixError("not_found", `Cannot write memory: ${id} vanished`);
  return record;
}
