/**
 * The shapes tools share, in MCP's snake_case: the argument schemas and annotations several
 * tools repeat, zod output schemas (the SDK validates every `structuredContent` against them)
 * and the converters from engine objects. Embeddings never appear in any of them.
 *
 * @module
 */
import { z } from "zod";
import type { Edge, Explanation, LabelledHit, LabelledMemory, WriteResult } from "@helix/core";
import { MEMORY_TYPES, PERSONAL, readableConflicts, RELATIONS, STATUSES } from "@helix/core";
import type { ToolAnnotations } from "./_sdk.ts";

/** Scope argument accepted by every tool. */
export const scopeArg = z.string().max(210).describe(
  'Where to read or write: "global", "project:<id>" or "session:<id>"; a project name such as "web-app" resolves to its project. Defaults to the current project (reads also see global).',
);

/** Optional scope of a read that may also span every project with `"all"`. */
export const scopeOrAllArg = z.union([scopeArg, z.literal("all")]).optional();

/** A memory id argument (`mem_…`; the engine checks the exact form). */
export const memoryIdArg = z.string().min(1).max(90);

/** Annotations of a tool that only reads the strand. */
export const READS: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Annotations of a tool where every call adds something (a memory, a feedback event). */
export const ADDS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: false,
  openWorldHint: false,
};

/** Annotations of a tool whose repeated call changes nothing more (an upsert). */
export const UPSERTS: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Annotations of a tool that removes memories from recall (recoverable from history). */
export const REMOVES: ToolAnnotations = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: false,
};

/** A memory as tools return it. */
export const memoryShape = z.object({
  id: z.string(),
  type: z.enum(MEMORY_TYPES),
  content: z.string(),
  scope: z.string(),
  status: z.enum(STATUSES),
  importance: z.number(),
  confidence: z.number(),
  tags: z.array(z.string()),
  attributes: z.record(z.string(), z.unknown()),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  recorded_at: z.string(),
  event_at: z.string().nullable(),
  event_phrase: z.string().nullable(),
  provenance: z.array(z.object({
    origin: z.string(),
    agent: z.string().nullable(),
    ref: z.string().nullable(),
    extractor: z.string().nullable(),
    at: z.string(),
  })),
  strand: z.string().optional().describe(
    '"personal" or "team:<name>" (only when you are in a team)',
  ),
  member: z.string().optional().describe('In a team strand: who wrote it ("you" for your own)'),
});

/** An edge as tools return it. */
export const edgeShape = z.object({
  id: z.string(),
  from_id: z.string(),
  to_id: z.string(),
  relation: z.enum(RELATIONS),
  weight: z.number(),
  created_at: z.string(),
});

const channelTrace = z.object({ rank: z.number(), value: z.number() });

/** The full retrieval trace of one hit. */
export const explainShape = z.object({
  channels: z.object({
    vector: channelTrace.optional(),
    bm25: channelTrace.optional(),
    exact: channelTrace.optional(),
    graph: channelTrace.optional(),
    partial: channelTrace.optional(),
    expansion: channelTrace.optional(),
    feedback: channelTrace.optional(),
    learned: channelTrace.optional(),
  }),
  matched_tokens: z.array(z.string()).optional(),
  partial_tokens: z.array(z.string()).optional(),
  expanded_by: z.array(z.string()).optional(),
  feedback_terms: z.array(z.string()).optional(),
  intent: z.object({ name: z.string(), factor: z.number() }).optional(),
  period: z.object({ phrase: z.string(), factor: z.number() }).optional(),
  below_successor: z.string().optional(),
  successor_of: z.string().optional(),
  archived_fallback: z.boolean().optional(),
  fused: z.number(),
  graph_path: z.object({ nodes: z.array(z.string()), relations: z.array(z.string()) }).optional(),
  decay: z.number(),
  factors: z.object({
    relevance: z.number(),
    recency: z.number(),
    importance: z.number(),
    normalized: z.object({ relevance: z.number(), recency: z.number(), importance: z.number() }),
  }),
  salience_factor: z.number(),
  status_factor: z.number(),
  score: z.number(),
  reinforcement: z.object({ access_count: z.number(), last_access_at: z.string(), ef: z.number() }),
});

/** A search hit: the memory, its score, and with `explain` the trace. */
export const hitShape = memoryShape.extend({
  score: z.number(),
  explain: explainShape.optional(),
  contradicts: z.array(z.string()).optional().describe(
    "Open flags: memories that say otherwise, not yet settled by the user",
  ),
});

/** What `memory_write` and each `memory_note` entry return. */
export const writeShape = z.object({
  id: z.string(),
  action: z.enum(["added", "already_known", "updated", "superseded"]),
  reason: z.string(),
  memory: memoryShape,
  embedded: z.boolean(),
  superseded: z.array(z.string()),
  links: z.array(z.object({ id: z.string(), relation: z.string() })),
  redacted: z.array(z.object({ type: z.string(), count: z.number() })),
  quarantine: z.array(z.string()),
});

/** The MCP form of a memory. */
export function memoryOut(memory: LabelledMemory): z.infer<typeof memoryShape> {
  return {
    id: memory.id,
    type: memory.type,
    // An unsettled merge conflict reads as one line with both versions, not as raw markers.
    content: readableConflicts(memory.content),
    scope: memory.scope,
    status: memory.status,
    importance: memory.importance,
    confidence: memory.confidence,
    tags: [...memory.tags],
    attributes: { ...memory.attributes },
    valid_from: memory.validFrom,
    valid_to: memory.validTo,
    recorded_at: memory.recordedAt,
    event_at: memory.eventAt,
    event_phrase: memory.eventPhrase,
    provenance: memory.provenance.map((p) => ({
      origin: p.origin,
      agent: p.agent,
      ref: p.ref,
      extractor: p.extractor,
      at: p.at,
    })),
    ...(memory.strand !== undefined ? { strand: memory.strand } : {}),
    ...(memory.member !== undefined ? { member: memory.member } : {}),
  };
}

/** The MCP form of a write's outcome. */
export function writeOut(result: WriteResult): z.infer<typeof writeShape> {
  return {
    id: result.id,
    action: result.action === "noop" ? "already_known" : result.action,
    reason: result.reason,
    memory: memoryOut(result.memory),
    embedded: result.embedded,
    superseded: [...result.superseded],
    links: result.links.map((l) => ({ id: l.id, relation: l.relation })),
    redacted: result.redacted.map((r) => ({ type: r.type, count: r.count })),
    quarantine: [...result.quarantine],
  };
}

/** One line saying what a write did, for the text part of a write result. */
export function writeLine(result: WriteResult): string {
  const line = memoryLine(result.memory);
  const parts = [
    result.action === "noop"
      ? `Already known: ${line} (reinforced)`
      : result.action === "updated"
      ? `Updated ${line}: ${result.reason}`
      : `Stored ${line}`,
  ];
  if (result.superseded.length) parts.push(`it supersedes ${result.superseded.join(", ")}`);
  const contradicts = result.links.filter((l) => l.relation === "contradicts").map((l) => l.id);
  if (contradicts.length) {
    parts.push(`it contradicts ${contradicts.join(", ")} (flagged for the user; both kept)`);
  }
  const secrets = result.redacted.reduce((n, r) => n + r.count, 0);
  if (secrets) {
    parts.push(
      `${secrets} secret${secrets === 1 ? "" : "s"} redacted (${
        result.redacted.map((r) => r.type).join(", ")
      })`,
    );
  }
  if (result.quarantine.length) {
    parts.push(
      "quarantined: it looks like injected instructions; not recalled until a user confirms it",
    );
  }
  return `${parts.join("; ")}.`;
}

/** The MCP form of an edge. */
export function edgeOut(edge: Edge): z.infer<typeof edgeShape> {
  return {
    id: edge.id,
    from_id: edge.from,
    to_id: edge.to,
    relation: edge.relation,
    weight: edge.weight,
    created_at: edge.createdAt,
  };
}

/** The MCP form of an explanation. */
export function explainOut(e: Explanation): z.infer<typeof explainShape> {
  return {
    channels: { ...e.channels },
    ...(e.matchedTokens ? { matched_tokens: [...e.matchedTokens] } : {}),
    ...(e.archivedFallback ? { archived_fallback: true } : {}),
    ...(e.partialTokens ? { partial_tokens: [...e.partialTokens] } : {}),
    ...(e.expandedBy ? { expanded_by: [...e.expandedBy] } : {}),
    ...(e.feedbackTerms ? { feedback_terms: [...e.feedbackTerms] } : {}),
    ...(e.intent ? { intent: { ...e.intent } } : {}),
    ...(e.period ? { period: { ...e.period } } : {}),
    ...(e.belowSuccessor ? { below_successor: e.belowSuccessor } : {}),
    ...(e.successorOf ? { successor_of: e.successorOf } : {}),
    fused: e.fused,
    ...(e.graphPath
      ? { graph_path: { nodes: [...e.graphPath.nodes], relations: [...e.graphPath.relations] } }
      : {}),
    decay: e.decay,
    factors: { ...e.factors, normalized: { ...e.factors.normalized } },
    salience_factor: e.salienceFactor,
    status_factor: e.statusFactor,
    score: e.score,
    reinforcement: {
      access_count: e.reinforcement.accessCount,
      last_access_at: e.reinforcement.lastAccessAt,
      ef: e.reinforcement.ef,
    },
  };
}

/** The MCP form of a search hit. */
export function hitOut(hit: LabelledHit, explain: boolean): z.infer<typeof hitShape> {
  return {
    ...memoryOut({
      ...hit.memory,
      ...(hit.strand !== undefined ? { strand: hit.strand } : {}),
      ...(hit.member !== undefined ? { member: hit.member } : {}),
    }),
    score: hit.score,
    ...(explain ? { explain: explainOut(hit.explanation) } : {}),
    ...(hit.contradicts ? { contradicts: [...hit.contradicts] } : {}),
  };
}

/** `, contradicted by …`: a hit's open flags, for the text part of a result. */
export function contestedNote(contradicts: readonly string[] | undefined): string {
  return contradicts?.length
    ? `; open flag: ${contradicts.join(", ")} says otherwise, both kept until the user settles it`
    : "";
}

/** One line per memory for the text part of a result. */
export function memoryLine(memory: LabelledMemory, extra = ""): string {
  const content = readableConflicts(memory.content).replace(/\s+/g, " ").trim();
  const shown = content.length > 300 ? `${content.slice(0, 299)}…` : content;
  const since = memory.type === "episode" && memory.eventAt
    ? memory.eventAt.slice(0, 10)
    : memory.validFrom.slice(0, 10);
  const status = memory.status === "active" ? "" : `, ${memory.status}`;
  return `[${memory.type}] ${shown} (${memory.id}, ${memory.scope}${
    strandNote(memory)
  }, since ${since}${status}${extra})`;
}

/** `, team:acme · bob` for a team strand's memory; nothing for a personal one or without teams. */
export function strandNote(label: { strand?: string; member?: string }): string {
  if (label.strand === undefined || label.strand === PERSONAL) return "";
  return `, ${label.strand}${label.member ? ` · ${label.member}` : ""}`;
}
