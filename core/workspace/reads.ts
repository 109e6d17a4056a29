/**
 * Reads across the strands of a workspace: search and context packs fused by reciprocal rank
 * (each strand keeps its own order; equal ranks go to the higher score, then to the strand
 * listed first), listings merged newest first, every memory labelled with its strand and, in a
 * team strand, its member.
 *
 * @module
 */
import type { Teams } from "../config/teams.ts";
import type { ContextInput, ListInput, SearchInput } from "../model/queries.ts";
import type { Memory } from "../model/memory.ts";
import { cursorAfter } from "../memory/list.ts";
import { fuseRanked } from "../util/fuse_ranked.ts";
import { membersOf } from "./member.ts";
import { strandsToRead } from "./route.ts";
import type {
  LabelledHit,
  LabelledMemory,
  StrandLabel,
  WorkspaceContextPack,
  WorkspaceListResult,
  WorkspaceSearchResult,
  WorkspaceStrand,
} from "./types.ts";

/** What the reads need: the strands (personal first), the registry, the reader's project. */
export interface ReadDeps {
  readonly strands: readonly WorkspaceStrand[];
  readonly teams: Teams;
  readonly project: string | null;
}

/** Labels for `ids` held by `strand`: the strand, and for a team its members. */
export function labelsIn(
  strand: WorkspaceStrand,
  ids: readonly string[],
): Map<string, StrandLabel> {
  const members = strand.team === null ? null : membersOf(strand.engine, ids);
  return new Map(ids.map((id) => {
    const member = members?.get(id);
    return [id, member === undefined ? { strand: strand.label } : { strand: strand.label, member }];
  }));
}

function labelled<T extends { memory?: Memory }>(value: T, label: StrandLabel | undefined): T {
  return label === undefined ? value : { ...value, ...label };
}

/** Hybrid recall in every strand read, fused. */
export async function searchAll(
  deps: ReadDeps,
  input: SearchInput,
): Promise<WorkspaceSearchResult> {
  const read = strandsToRead(deps.strands, deps.teams, input.scope, deps.project);
  const results = await Promise.all(read.map((s) => s.engine.search(input)));
  const lists = results.map((result, i) => {
    const labels = labelsIn(read[i]!, result.hits.map((h) => h.memory.id));
    return result.hits.map((hit): LabelledHit => labelled(hit, labels.get(hit.memory.id)));
  });
  const hits = fuseRanked(lists, (h) => `${h.strand}\u0000${h.memory.id}`, {
    tie: (a, b) => b.score - a.score,
  }).slice(0, input.limit ?? 10);
  const [first] = results;
  const cut = results.flatMap((r) => r.cut ?? []);
  return { ...first!, hits, ...(cut.length ? { cut } : {}) };
}

/** A page of every strand read, newest first; the cursor is a position all strands share. */
export function listAll(deps: ReadDeps, input: ListInput): WorkspaceListResult {
  const read = strandsToRead(deps.strands, deps.teams, input.scope, deps.project);
  const limit = input.limit ?? 50;
  const pages = read.map((strand) => {
    const page = strand.engine.list(input);
    const labels = labelsIn(strand, page.items.map((m) => m.id));
    return {
      strand,
      page,
      items: page.items.map((m): LabelledMemory => ({ ...m, ...labels.get(m.id) })),
    };
  });
  const merged = pages.flatMap(({ items }, list) =>
    items.map((item, rank) => ({ item, list, rank }))
  )
    .sort((a, b) =>
      b.item.recordedAt.localeCompare(a.item.recordedAt) ||
      (a.item.id < b.item.id ? 1 : a.item.id > b.item.id ? -1 : 0) || a.list - b.list
    );
  const page = merged.slice(0, limit);
  const more = merged.length > limit || pages.some((p) => p.page.nextCursor !== null);
  const last = page.at(-1);
  return {
    items: page.map((p) => p.item),
    nextCursor: more && last ? cursorAfter(last.item) : null,
  };
}

/** One context pack from the candidates of every strand read, labelled. */
export async function contextAll(
  deps: ReadDeps,
  input: ContextInput,
): Promise<WorkspaceContextPack> {
  const [personal, ...teams] = strandsToRead(deps.strands, deps.teams, input.scope, deps.project);
  const parts = await Promise.all(teams.map(async (strand) => {
    const part = await strand.engine.contextPart(input);
    const ids = [...new Set(part.sections.flatMap(([, records]) => records.map((r) => r.id)))];
    const labels = new Map(
      [...labelsIn(strand, ids)].map((
        [id, l],
      ) => [id, [l.strand, l.member].filter(Boolean).join(" · ")]),
    );
    return { ...part, labels };
  }));
  const pack = await personal!.engine.context(input, parts);
  const holder = new Map<string, WorkspaceStrand>();
  parts.forEach((part, i) => {
    for (const [, records] of part.sections) {
      for (const r of records) if (!holder.has(r.id)) holder.set(r.id, teams[i]!);
    }
  });
  const labels = new Map<string, StrandLabel>();
  for (const strand of [personal!, ...teams]) {
    const ids = pack.memories.map((m) => m.id).filter((id) =>
      (holder.get(id) ?? personal) === strand
    );
    for (const [id, label] of labelsIn(strand, ids)) labels.set(id, label);
  }
  return { ...pack, memories: pack.memories.map((m) => ({ ...m, ...labels.get(m.id) })) };
}
