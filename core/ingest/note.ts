/**
 * Notes: text that may hold memories, turned into typed, self-contained ones (DESIGN §6):
 * redact → gate → extract (with context) → write each candidate through the write path.
 * `memory_note` and ingestion of agent turns use it; `write` keeps a caller's content as one
 * memory instead.
 *
 * @module
 */
import { z } from "zod";
import { MAX_CONTENT_LENGTH } from "../model/types.ts";
import { parseInput, type WriteInput } from "../model/input.ts";
import { isScope } from "../model/scope.ts";
import { embedDocuments } from "../embed/policy.ts";
import type { Runtime } from "../runtime.ts";
import { vectorCandidates } from "../store/candidates.ts";
import { decodeMemoryRow, MEMORY_SELECT } from "../store/records.ts";
import type { ActiveMemory, Candidate, ExtractionInput, Turn } from "../model/candidate.ts";
import { extract } from "../extract/extract.ts";
import { gate, type GateResult } from "../extract/gate.ts";
import { neighboursOf } from "../store/neighbours.ts";
import { writeMemory, type WriteResult } from "./pipeline.ts";
import type { RedactionCount } from "../redact/redact.ts";
import { createRedactor } from "../redact/write.ts";
import { defaultScope } from "../ops/write.ts";
import type { JsonValue } from "../util/canonical_json.ts";

const turn = z.strictObject({
  role: z.enum(["user", "assistant", "tool"]),
  text: z.string().max(MAX_CONTENT_LENGTH),
});

/** Input of `engine.note`. */
export const noteInputSchema = z.strictObject({
  /** The text: a user's words, an agent turn, a tool's output. */
  text: z.string().max(MAX_CONTENT_LENGTH).refine((s) => s.trim() !== "", "must not be blank"),
  /** The user asked to remember it: the gate is skipped, and something is always stored. */
  explicit: z.boolean().optional(),
  /** The assistant turn before it: what a short answer ("next April") answers. */
  previousAssistant: z.string().max(MAX_CONTENT_LENGTH).optional(),
  /** A recent window of the conversation, oldest first (at most 20 turns). */
  recent: z.array(turn).max(20).optional(),
  scope: z.string().max(210).refine(isScope, 'expected "global", "project:<id>" or "session:<id>"')
    .optional(),
  source: z.strictObject({
    origin: z.enum(["user-asserted", "agent-ingested"]).optional(),
    agent: z.string().min(1).max(100).optional(),
    ref: z.string().min(1).max(500).optional(),
  }).optional(),
});

/** Input of `engine.note`. */
export type NoteInput = z.input<typeof noteInputSchema>;

/** What a note did. */
export interface NoteResult {
  /** The gate's verdict (`explicit` when skipped). */
  readonly gate: GateResult;
  /** Which extractor produced the candidates (none ran when the gate dropped the text). */
  readonly extractor: "deterministic" | "llm" | null;
  /** One result per candidate, in order: added, updated, superseded or already known. */
  readonly written: readonly WriteResult[];
  /** Secrets replaced in the text and its context before anything else saw them. */
  readonly redacted: readonly RedactionCount[];
}

/** Active memories given to extraction as context. */
const CONTEXT_MEMORIES = 8;
/** The latest memories of the scope among them. */
const LATEST_MEMORIES = 3;

/** Extracts memories from `input.text` and writes each one; see {@linkcode NoteResult}. */
export async function noteMemories(rt: Runtime, input: NoteInput): Promise<NoteResult> {
  const parsed = parseInput(noteInputSchema, input, "note memory");
  const redactor = createRedactor();
  const text = redactor.clean(parsed.text);
  const previousAssistant = parsed.previousAssistant === undefined
    ? undefined
    : redactor.clean(parsed.previousAssistant);
  const recent: Turn[] = (parsed.recent ?? []).map((t) => ({
    role: t.role,
    text: redactor.clean(t.text),
  }));
  const redacted = redactor.redacted();

  const origin = parsed.source?.origin ?? (parsed.explicit ? "user-asserted" : "agent-ingested");
  const scope = parsed.scope ?? defaultScope(rt, "fact");
  const [vector] = (await embedDocuments(rt, [text])) ?? [];
  const now = rt.clock.now();
  const visibility = {
    scopes: [scope, "global"],
    statuses: ["active" as const],
    at: now,
    asOf: false,
  };
  const nearest = vector
    ? vectorCandidates(rt.index, vector, visibility, 1)[0]?.similarity
    : undefined;
  const verdict = gate(text, {
    ...(parsed.explicit ? { explicit: true } : {}),
    ...(previousAssistant !== undefined ? { previousAssistant } : {}),
    ...(nearest !== undefined ? { nearestSimilarity: nearest } : {}),
  });
  if (!verdict.pass) return { gate: verdict, extractor: null, written: [], redacted };

  const about = previousAssistant ? `${text}\n${previousAssistant}` : text;
  const active = contextMemories(rt, about, scope, vector, now);
  const extraction: ExtractionInput = {
    text,
    context: {
      now,
      // An explicit note relays the user's words: extraction trusts them as such, while the
      // stored provenance (and so the poisoning guard) still says who relayed them.
      origin: parsed.explicit ? "user-asserted" : origin,
      ...(previousAssistant !== undefined ? { previousAssistant } : {}),
      ...(recent.length ? { recent } : {}),
      ...(active.length ? { active } : {}),
    },
  };
  let extractor: "deterministic" | "llm" = "deterministic";
  let candidates: Candidate[] | null = null;
  if (rt.llm) {
    [candidates = null] = await rt.llm.extract([extraction]);
    if (candidates) extractor = "llm";
  }
  candidates ??= extract(extraction);
  if (candidates.length === 0 && parsed.explicit) {
    candidates = [{ type: "fact", content: text, entities: [], relations: [], confidence: 0.9 }];
  }

  const written: WriteResult[] = [];
  for (const candidate of candidates) {
    written.push(
      await writeMemory(rt, asWrite(candidate, parsed.scope, origin, extractor, parsed.source), {
        link: candidate.link,
        candidate,
        ...(vector ? { embedded: { content: text, vector } } : {}),
      }),
    );
  }
  return { gate: verdict, extractor, written, redacted };
}

/**
 * The active memories extraction sees: those nearest the text and the turn before it, then the
 * latest ones of the scope (a short answer like "next April" shares no word with the trip it
 * dates, but the trip was usually just discussed).
 */
function contextMemories(
  rt: Runtime,
  about: string,
  scope: string,
  vector: Float32Array | undefined,
  now: number,
): ActiveMemory[] {
  const near = neighboursOf(rt, about, scope, vector, now)
    .map((n) => ({ id: n.id, type: n.type, content: n.content }));
  const latest = (rt.store.prepare(
    // memories_latest (schema 5) serves this without sorting the project's memories.
    `SELECT ${MEMORY_SELECT} FROM memories m WHERE m.scope = ? AND m.status = 'active'
     ORDER BY m.recorded_at DESC LIMIT ${LATEST_MEMORIES}`,
  ).all(scope) as Record<string, unknown>[]).map(decodeMemoryRow)
    .map((r) => ({ id: r.id, type: r.type, content: r.content }));
  const seen = new Set<string>();
  return [...near, ...latest]
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .slice(0, CONTEXT_MEMORIES);
}

/** A candidate as a write: its extras (entities, relations, steps, triggers) in attributes. */
function asWrite(
  candidate: Candidate,
  scope: string | undefined,
  origin: "user-asserted" | "agent-ingested",
  extractor: string,
  source: { agent?: string | undefined; ref?: string | undefined } | undefined,
): WriteInput {
  const attributes: Record<string, JsonValue> = {};
  if (candidate.entities.length) attributes.entities = [...candidate.entities];
  if (candidate.relations.length) {
    attributes.relations = candidate.relations.map((r) => ({ ...r }));
  }
  if (candidate.steps?.length) attributes.steps = [...candidate.steps];
  if (candidate.triggers?.length) attributes.triggers = [...candidate.triggers];
  return {
    content: candidate.content,
    type: candidate.type,
    ...(scope !== undefined ? { scope } : {}),
    confidence: candidate.confidence,
    ...(candidate.importance !== undefined ? { importance: candidate.importance } : {}),
    ...(candidate.eventAt !== undefined ? { eventAt: candidate.eventAt } : {}),
    ...(candidate.eventEnd !== undefined ? { eventEnd: candidate.eventEnd } : {}),
    ...(candidate.eventPhrase !== undefined ? { eventPhrase: candidate.eventPhrase } : {}),
    ...(Object.keys(attributes).length
      ? { attributes: attributes as WriteInput["attributes"] }
      : {}),
    source: {
      origin,
      extractor,
      ...(source?.agent ? { agent: source.agent } : {}),
      ...(source?.ref ? { ref: source.ref } : {}),
    },
  };
}
