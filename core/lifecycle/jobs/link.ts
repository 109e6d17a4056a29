/**
 * The `link` job: entity mentions the write path did not make (issue 22, multi-hop). A write
 * links a new memory to the entity memories it names and a new entity from the memories that
 * name it (`ingest/mentions.ts`); memories written in bulk, imported, received from another
 * device or written before that rule get the same links here, in slices. The job keeps a
 * cursor (the highest row id it has read, a local mark): on its first run it links every
 * entity from the memories that name it; afterwards it reads only the memories added since,
 * linking each to the entities it names and, for an entity, from the memories that name it.
 *
 * @module
 */
import { mentionedBy, mentioning, type MentionLink } from "../../extract/mention_links.ts";
import {
  activeMemoriesAfter,
  existingEdgeIds,
  highestRid,
  mentionCursor,
  setMentionCursor,
} from "../../store/queries/mentions.ts";
import { activeEntities } from "../../store/entity_heads.ts";
import type { LifecycleDeps } from "../deps.ts";
import { chunked, type JobContext, type JobDefinition } from "../job.ts";

/** Edges appended per slice. */
const LINK_SLICE = 100;
/** New memories read per run after the first (the rest wait for the next run). */
const NEW_PER_RUN = 5_000;

/** The mention edges the strand lacks, and the row id read up to. */
async function planLinks(deps: Pick<LifecycleDeps, "store">, ctx: JobContext) {
  const { store } = deps;
  const cursor = mentionCursor(store);
  const links = new Map<string, MentionLink>();
  const add = (found: readonly MentionLink[]) => found.forEach((l) => links.set(l.id, l));
  const entities = activeEntities(store, "all");
  let upTo = highestRid(store);
  if (cursor === 0) {
    for (const entity of entities) {
      add(mentioning(store, entity));
      await ctx.breathe();
    }
  } else {
    const fresh = activeMemoriesAfter(store, cursor, NEW_PER_RUN);
    if (fresh.length === NEW_PER_RUN) upTo = fresh.at(-1)!.rid;
    for (const memory of fresh) {
      add(mentionedBy(memory, entities));
      if (memory.type === "entity") add(mentioning(store, memory));
      await ctx.breathe();
    }
  }
  const existing = existingEdgeIds(store, [...links.keys()]);
  return { links: [...links.values()].filter((l) => !existing.has(l.id)), upTo };
}

/** Links memories to the entities they name. */
async function link(deps: Pick<LifecycleDeps, "store">, ctx: JobContext) {
  const { links, upTo } = await planLinks(deps, ctx);
  let linked = 0;
  await ctx.slices(chunked(links, LINK_SLICE), (tx, work) => {
    // A memory may have been forgotten, or the edge made, since the plan.
    const active = new Set(
      deps.store.memoriesById([...new Set(work.flatMap((l) => [l.from, l.to]))])
        .filter((m) => m.status === "active").map((m) => m.id),
    );
    const existing = existingEdgeIds(deps.store, work.map((l) => l.id));
    let appended = 0;
    for (const l of work) {
      if (!active.has(l.from) || !active.has(l.to) || existing.has(l.id)) continue;
      tx.append({
        kind: "edge.put",
        payload: {
          id: l.id,
          from: l.from,
          to: l.to,
          relation: "mentions",
          weight: 1,
          provenance: { origin: "agent-ingested", extractor: "mentions", ref: l.name },
        },
      });
      appended++;
    }
    linked += appended;
    return appended ? `linked ${appended} memories to the entities they mention` : null;
  });
  setMentionCursor(deps.store, upTo);
  return {
    changed: 0,
    summary: linked
      ? `linked ${linked} memories to the entities they mention`
      : "no new entity mentions",
  };
}

/** The `link` job. */
export const linkJob: JobDefinition = { name: "link", run: link };
