/**
 * Notes: text that may hold memories, turned into typed, self-contained ones (DESIGN §6):
 * redact → gate → extract (with context) → write each candidate through the write path.
 * `memory_note` and ingestion of agent turns use it; `write` keeps a caller's content as one
 * memory instead.
 *
 * @module
 */
import { embedDocuments } from "../embed/policy.ts";
import { extract } from "../extract/extract.ts";
import { gate } from "../extract/gate.ts";
import type { ActiveMemory, Candidate, ExtractionInput, Turn } from "../model/candidate.ts";
import { parseInput } from "../model/input.ts";
import { defaultScope } from "../ops/new_memory.ts";
import { createRedactor } from "../redact/write.ts";
import { vectorCandidates } from "../store/candidates.ts";
import { neighboursOf } from "../store/neighbours.ts";
import { latestActive } from "../store/queries/notes.ts";
import { candidateWrite } from "./candidate_write.ts";
import type { IngestDeps, WriteDeps } from "./deps.ts";
import type { WriteInput } from "../model/inputs.ts";
import {
  type NoteInput,
  noteInputSchema,
  type NoteOptions,
  type NoteResult,
} from "./note_input.ts";
import { writeMemory } from "./pipeline.ts";
import type { WriteResult } from "./result.ts";

/** Active memories given to extraction as context. */
const CONTEXT_MEMORIES = 8;
/** The latest memories of the scope among them. */
const LATEST_MEMORIES = 3;
/** How recently a memory was recorded to count as part of the conversation a note continues. */
const CONVERSATION_MS = 30 * 60_000;

/**
 * Extracts memories from `input.text` and writes each one; see {@linkcode NoteResult}. With
 * `options.keep`, a candidate whose scope it refuses is not written here but returned in
 * `passed`, for the caller to write where that scope lives (a workspace of several strands).
 */
export async function noteMemories(
  deps: WriteDeps,
  input: NoteInput,
  options: NoteOptions = {},
): Promise<NoteResult> {
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
  const scope = parsed.scope ?? defaultScope(deps, "fact");
  const [vector] = (await embedDocuments(deps, [text])) ?? [];
  const now = deps.clock.now();
  const visibility = {
    scopes: [scope, "global"],
    statuses: ["active" as const],
    at: now,
    asOf: false,
  };
  const nearest = vector
    ? vectorCandidates(deps.index, vector, visibility, 1)[0]?.similarity
    : undefined;
  const verdict = gate(text, {
    ...(parsed.explicit ? { explicit: true } : {}),
    ...(previousAssistant !== undefined ? { previousAssistant } : {}),
    ...(nearest !== undefined ? { nearestSimilarity: nearest } : {}),
  });
  if (!verdict.pass) return { gate: verdict, extractor: null, written: [], redacted };

  const about = previousAssistant ? `${text}\n${previousAssistant}` : text;
  const active = contextMemories(deps, about, scope, vector, now, parsed.source?.ref);
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
  const { extractor, candidates } = await extracted(deps, extraction, parsed.explicit === true);

  const written: WriteResult[] = [];
  const passed: WriteInput[] = [];
  for (const candidate of candidates) {
    const write = candidateWrite(candidate, parsed.scope, { ...parsed.source, origin, extractor });
    if (options.keep && !options.keep(write.scope ?? defaultScope(deps, write.type ?? "fact"))) {
      passed.push(write);
      continue;
    }
    written.push(
      await writeMemory(deps, write, {
        link: candidate.link,
        candidate,
        ...(vector ? { embedded: { content: text, vector } } : {}),
      }),
    );
  }
  return { gate: verdict, extractor, written, redacted, ...(passed.length ? { passed } : {}) };
}

/**
 * The candidates of a note: the model's when one is configured and answers, else the
 * deterministic extractor's; an explicit note with none keeps its text as one fact.
 */
async function extracted(
  deps: Pick<IngestDeps, "llm">,
  extraction: ExtractionInput,
  explicit: boolean,
): Promise<{ extractor: "deterministic" | "llm"; candidates: Candidate[] }> {
  let extractor: "deterministic" | "llm" = "deterministic";
  let candidates: Candidate[] | null = null;
  if (deps.llm) {
    [candidates = null] = await deps.llm.extract([extraction]);
    if (candidates) extractor = "llm";
  }
  candidates ??= extract(extraction);
  if (candidates.length === 0 && explicit) {
    const content = extraction.text;
    candidates = [{ type: "fact", content, entities: [], relations: [], confidence: 0.9 }];
  }
  return { extractor, candidates };
}

/**
 * The active memories extraction sees: those nearest the text and the turn before it, then the
 * latest ones of the scope (a short answer like "next April" shares no word with the trip it
 * dates, but the trip was usually just discussed). Those noted in this conversation are marked
 * `recent` — their provenance names the note's `ref` (the session), or, for a note without
 * one, they were recorded in the last {@linkcode CONVERSATION_MS} — and only they may take a
 * vague reply; any other memory must share the reply's subject.
 */
function contextMemories(
  deps: Pick<IngestDeps, "store" | "index" | "keywords">,
  about: string,
  scope: string,
  vector: Float32Array | undefined,
  now: number,
  ref: string | undefined,
): ActiveMemory[] {
  const near = neighboursOf(deps, about, scope, vector, now)
    .map((n) => ({ id: n.id, type: n.type, content: n.content }));
  const latest = latestActive(deps.store, scope, LATEST_MEMORIES)
    .map((r) => ({ id: r.id, type: r.type, content: r.content }));
  const seen = new Set<string>();
  const active = [...near, ...latest]
    .filter((m) => !seen.has(m.id) && seen.add(m.id))
    .slice(0, CONTEXT_MEMORIES);
  const ids = active.map((m) => m.id);
  const provenance = ref === undefined ? new Map() : deps.store.provenanceOf(ids);
  const recorded = new Map(deps.store.memoriesById(ids).map((r) => [r.id, r.recordedAt]));
  return active.map((m) => ({
    ...m,
    // With a session to go by, only its own notes; without one, what was just recorded.
    recent: ref !== undefined
      ? (provenance.get(m.id) ?? []).some((p: { ref?: string | null }) => p.ref === ref)
      : now - (recorded.get(m.id) ?? -Infinity) <= CONVERSATION_MS,
  }));
}
