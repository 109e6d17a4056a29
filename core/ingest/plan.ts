/**
 * What a validated, redacted write becomes before consolidation: the poisoning guard's verdict
 * (agent-ingested content that carries instructions is quarantined, and may not supersede
 * anything), its importance (the writer's, else an extractor's, else the heuristic's, marked so
 * the worker may ask a model later), and anchors to the project files its content cites.
 *
 * @module
 */
import { anchorsFor } from "../extract/anchors.ts";
import { scanInjection } from "../guard/injection.ts";
import { MAX_ATTRIBUTES_LENGTH, type ParsedWrite } from "../model/input.ts";
import type { Candidate } from "../model/candidate.ts";
import type { PlannedWrite } from "../ops/write_one.ts";
import { canonicalJson } from "../util/canonical_json.ts";
import type { IngestDeps } from "./deps.ts";

/** Entities, steps and triggers an extractor found (they rate importance), and its rating. */
export type CandidateExtras = Pick<Candidate, "entities" | "steps" | "triggers" | "importance">;

/** A write ready for consolidation. */
export interface Plan {
  /** The write, its status, importance and anchors set. */
  readonly planned: PlannedWrite & { readonly type: NonNullable<ParsedWrite["type"]> };
  /** Whether it is stored quarantined (the guard flagged it, or the writer said so). */
  readonly quarantined: boolean;
  /** Why the guard flagged it ("kind: excerpt"); empty when it did not. */
  readonly quarantine: readonly string[];
}

/** Plans `parsed` (already validated and redacted); see the module doc. */
export async function planWrite(
  deps: Pick<IngestDeps, "importance" | "files">,
  parsed: ParsedWrite,
  candidate: Partial<CandidateExtras> | undefined,
): Promise<Plan> {
  const origin = parsed.source?.origin ?? "agent-ingested";
  const scan = origin === "agent-ingested" ? scanInjection(parsed.content) : null;
  const quarantine = scan?.suspicious ? scan.signals.map((s) => `${s.kind}: ${s.excerpt}`) : [];
  const quarantined = parsed.status === "quarantined" || quarantine.length > 0;
  const type = parsed.type ?? "fact";
  const rated = parsed.importance ?? candidate?.importance;
  const planned = {
    ...parsed,
    type,
    status: quarantined ? "quarantined" as const : "active" as const,
    // A heuristic rating is marked so the worker may ask a model later (job `importance`).
    ...(rated === undefined
      ? { attributes: { ...parsed.attributes, importanceBy: "heuristic" } }
      : {}),
    importance: rated ??
      deps.importance.importance({
        content: parsed.content,
        type,
        ...(candidate?.entities ? { entities: candidate.entities } : {}),
        ...(candidate?.steps ? { steps: candidate.steps } : {}),
        ...(candidate?.triggers ? { triggers: candidate.triggers } : {}),
      }),
    // A quarantined memory may not override anything on its own.
    supersedes: quarantined ? [] : parsed.supersedes,
  };
  return { planned: await withAnchors(deps, planned), quarantined, quarantine };
}

/**
 * The write with `attributes.anchors` (path, hash, commit) for the project files its content
 * cites, when the engine has the project's files and the writer set no anchors itself.
 */
async function withAnchors<T extends PlannedWrite>(
  deps: Pick<IngestDeps, "files">,
  write: T,
): Promise<T> {
  if (!deps.files || write.attributes?.anchors !== undefined) return write;
  const anchors = await anchorsFor(write.content, deps.files);
  if (anchors.length === 0) return write;
  const attributes = { ...write.attributes, anchors: anchors.map((a) => ({ ...a })) };
  if (canonicalJson(attributes).length > MAX_ATTRIBUTES_LENGTH) return write;
  return { ...write, attributes };
}
